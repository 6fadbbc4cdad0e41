package dev.switchboard.store;

/**
 * Receives the notices that a task's log grew, from whichever instance on the same database stored
 * the events (this one included). A notice carries no event: the receiver reads what it needs from
 * the log, so a notice that is lost, late, repeated or merged with another loses nothing, provided
 * the receiver also catches up when asked. Calls come from one thread, one at a time.
 */
public interface TaskNotices {
    /** The task's log now holds events up to {@code lastSeq}, or more. */
    void stored(String taskId, long lastSeq);

    /**
     * Notices may have been missed (the listening connection was just opened, or some time passed):
     * compare every task this instance serves with the store.
     */
    void catchUp();
}
