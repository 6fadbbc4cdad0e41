package dev.switchboard.store;

import java.util.Map;

/**
 * Receives the notices that a task's log grew, from whichever instance on the same database stored
 * the events (this one included). A notice carries no event: the receiver reads what it needs from
 * the log, so a notice that is lost, late, repeated or merged with another loses nothing, provided
 * the receiver also says which tasks it serves when asked: those are then caught up as if noticed.
 * Calls come from a few threads at once, of the same task too.
 */
public interface TaskNotices {
    /** The task's log now holds events up to {@code lastSeq}, or more. */
    void stored(String taskId, long lastSeq);

    /**
     * Notices may have been missed (the listening connection was just opened, or some time passed):
     * the tasks this instance serves, each with the last sequence number the store holds of it,
     * which the caller passes to {@link #stored} as notices.
     */
    Map<String, Long> served();
}
