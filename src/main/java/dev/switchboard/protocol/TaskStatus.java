package dev.switchboard.protocol;

import java.time.Instant;
import java.util.Objects;

/**
 * @param message   what the agent says about this state, or null
 * @param timestamp when the task entered it, or null
 */
public record TaskStatus(TaskState state, Message message, Instant timestamp) {
    public TaskStatus {
        Objects.requireNonNull(state, "state");
    }
}
