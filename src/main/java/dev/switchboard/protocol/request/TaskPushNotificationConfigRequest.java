package dev.switchboard.protocol.request;

import java.util.Objects;

/** GetTaskPushNotificationConfig and DeleteTaskPushNotificationConfig: one config of one task. */
public record TaskPushNotificationConfigRequest(String taskId, String id) {
    public TaskPushNotificationConfigRequest {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(id, "id");
    }
}
