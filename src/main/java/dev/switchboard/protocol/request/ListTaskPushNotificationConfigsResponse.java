package dev.switchboard.protocol.request;

import dev.switchboard.protocol.TaskPushNotificationConfig;
import java.util.List;

/** @param nextPageToken empty on the last page */
public record ListTaskPushNotificationConfigsResponse(List<TaskPushNotificationConfig> configs, String nextPageToken) {
    public ListTaskPushNotificationConfigsResponse {
        configs = List.copyOf(configs);
        nextPageToken = nextPageToken == null ? "" : nextPageToken;
    }
}
