package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import java.util.Objects;

/** A task moved to a new status. In 1.0 the stream's closing, not a flag, marks the last one. */
public record TaskStatusUpdateEvent(String taskId, String contextId, TaskStatus status, JsonObject metadata)
        implements StreamEvent {
    public TaskStatusUpdateEvent {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(status, "status");
    }
}
