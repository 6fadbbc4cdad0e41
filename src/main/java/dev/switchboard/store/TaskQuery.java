package dev.switchboard.store;

import dev.switchboard.protocol.TaskState;

/**
 * Which tasks to list, newest status first, and where the page starts.
 *
 * @param owner                 only this caller's tasks; null for every task
 * @param contextId             null for any
 * @param state                 null for any
 * @param statusAfterMillis     only tasks whose status timestamp is at or after this; null for any
 * @param after                 the position the previous page ended at, or null for the first page
 */
public record TaskQuery(String owner, String contextId, TaskState state, Long statusAfterMillis, PageCursor after,
                        int limit) {
}
