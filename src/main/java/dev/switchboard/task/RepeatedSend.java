package dev.switchboard.task;

import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import java.util.Optional;

/**
 * A first send (no task id) whose messageId the same caller sent before: it is answered with the
 * task that message created, in its current state, rather than starting a second one. Thrown where
 * the repeat is found (the lookup on intake, or the store refusing the create when two such sends
 * raced) and caught where the send is answered.
 */
final class RepeatedSend extends RuntimeException {
    private static final int RACE_LOOKUPS = 50;
    private static final long RACE_LOOKUP_PAUSE_MILLIS = 10;
    private final transient StoredTask existing;

    RepeatedSend(StoredTask existing) {
        super("repeat of the message that created task " + existing.task().id(), null, false, false);
        this.existing = existing;
    }

    StoredTask existing() {
        return existing;
    }

    /**
     * The task of a racing send of the same message that won the store's unique index against
     * {@code losingTaskId}. Its writer may not have committed when the index refused the loser,
     * so the lookup is retried briefly.
     *
     * @return empty when there is none: the create failed for another reason, which is reported
     */
    static Optional<StoredTask> racing(TaskStore store, String owner, String messageId, String losingTaskId) {
        for (int attempt = 0; attempt < RACE_LOOKUPS; attempt++) {
            Optional<StoredTask> found;
            try {
                found = store.findFirstSend(owner, messageId).filter(stored -> !stored.task().id().equals(losingTaskId));
            } catch (RuntimeException unavailable) {
                return Optional.empty();
            }
            if (found.isPresent()) {
                return found;
            }
            try {
                Thread.sleep(RACE_LOOKUP_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
