package dev.switchboard.store;

import dev.switchboard.protocol.Task;

/**
 * A task as stored.
 *
 * @param owner   the caller the task belongs to, or null
 * @param lastSeq the sequence number of its latest event
 */
public record StoredTask(Task task, String owner, long lastSeq) {
}
