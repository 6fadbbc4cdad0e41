package dev.switchboard.store;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Which tasks to list, newest status first, where the page starts, and how much of each task and
 * of the page a caller is given.
 *
 * @param owner                 only this caller's tasks; null for every task
 * @param contextId             null for any
 * @param state                 null for any
 * @param statusAfterMillis     only tasks whose status timestamp is at or after this; null for any
 * @param after                 the position the previous page ended at, or null for the first page
 * @param limit                 tasks per page at most
 * @param view                  what of each task the page carries (history and artifacts trimmed),
 *                              applied as each task is read, so the page holds only what is returned
 * @param maxBytes              the page's tasks, as JSON, in about this many bytes: the page ends
 *                              before the task that would pass it (a page has at least one task),
 *                              with a cursor for the rest
 */
public record TaskQuery(String owner, String contextId, TaskState state, Long statusAfterMillis, PageCursor after,
                        int limit, UnaryOperator<Task> view, long maxBytes) {
    public TaskQuery {
        Objects.requireNonNull(view, "view");
        if (limit < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("a page holds at least one task");
        }
    }

    /** Whole tasks, as many as {@code limit} whatever their size. */
    public TaskQuery(String owner, String contextId, TaskState state, Long statusAfterMillis, PageCursor after,
                     int limit) {
        this(owner, contextId, state, statusAfterMillis, after, limit, UnaryOperator.identity(), Long.MAX_VALUE);
    }
}
