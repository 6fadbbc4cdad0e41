package dev.switchboard.task;

import dev.switchboard.store.StoredTask;

/**
 * A first send (no task id) whose messageId the same caller sent before: it is answered with the
 * task that message created, in its current state, rather than starting a second one. Thrown where
 * the repeat is found (the lookup on intake, or the store refusing the create when two such sends
 * raced) and caught where the send is answered.
 */
final class RepeatedSend extends RuntimeException {
    private final transient StoredTask existing;

    RepeatedSend(StoredTask existing) {
        super("repeat of the message that created task " + existing.task().id(), null, false, false);
        this.existing = existing;
    }

    StoredTask existing() {
        return existing;
    }
}
