package dev.switchboard.store;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;

/**
 * A webhook config as stored, secrets opened, with its delivery state.
 *
 * @param version           the protocol line it was registered in: deliveries use its shape
 * @param deliveredSeq      the last event of the task's log the webhook acknowledged
 * @param failures          failed attempts since the last success
 * @param nextAttemptMillis when the next attempt is due (epoch millis)
 * @param cutOff            why deliveries stopped for good, or null while they go on
 */
public record StoredPushConfig(TaskPushNotificationConfig config, ProtocolVersion version, long createdMillis,
                               long deliveredSeq, int failures, long nextAttemptMillis, String cutOff) {
    public String taskId() {
        return config.taskId();
    }

    public String id() {
        return config.id();
    }
}
