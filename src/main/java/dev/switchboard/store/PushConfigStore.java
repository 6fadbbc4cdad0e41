package dev.switchboard.store;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import java.util.List;
import java.util.Optional;

/**
 * The webhook configs of tasks and where each one's deliveries stand. Configs are kept per task
 * under their id; deliveries follow the task's event log, each config with its own cursor.
 */
public interface PushConfigStore {
    /**
     * Stores a config, replacing one with the same task and id (whose cursor is kept, its
     * failures forgotten).
     *
     * @param afterSeq events after this one in the task's log are owed to the webhook
     */
    void save(TaskPushNotificationConfig config, ProtocolVersion version, long afterSeq);

    Optional<StoredPushConfig> find(String taskId, String id);

    /** A task's configs in the order they were made, from {@code offset}, at most {@code limit}. */
    List<StoredPushConfig> list(String taskId, int offset, int limit);

    /** How many configs the task has. */
    long countForTask(String taskId);

    /**
     * How many configs the owner's unfinished tasks have, cut-off ones not counted: the webhooks
     * that the owner's next events can still reach.
     */
    long countOpenForOwner(String owner);

    /** @return whether a config was there */
    boolean delete(String taskId, String id);

    /**
     * Claims configs that are due now, not cut off, owe their webhook at least one event and are
     * not claimed (or their claim ran out), earliest due first: each goes to exactly one of the
     * claimants that ask at the same time, and none waits for another's claim to be taken.
     *
     * @param claimant    the instance that will deliver them
     * @param untilMillis when the claims run out unless renewed
     */
    List<StoredPushConfig> claimDue(String claimant, long nowMillis, long untilMillis, int limit);

    /**
     * The config as stored, now claimed by the claimant until {@code untilMillis}, if nobody else
     * holds a claim on it at {@code nowMillis}: the claimant's own claim is renewed, a free or run
     * out one taken.
     *
     * @return empty when the config is gone or another claimant holds it
     */
    Optional<StoredPushConfig> hold(String claimant, String taskId, String id, long nowMillis, long untilMillis);

    /** Ends the claimant's claim on the config; another's claim is left alone. */
    void release(String claimant, String taskId, String id);

    /**
     * Ends every claim of the claimant, which an earlier run under its name left behind.
     *
     * @return how many there were
     */
    int releaseAll(String claimant);

    /** The webhook acknowledged events up to {@code seq}: failures are forgotten. */
    void delivered(String taskId, String id, long seq);

    /**
     * An attempt failed.
     *
     * @param cutOff why deliveries stop for good, or null to try again at {@code nextAttemptMillis}
     */
    void failed(String taskId, String id, int failures, long nextAttemptMillis, String cutOff);

    /**
     * Whether any config is not cut off, anywhere in the store: a cheap look that lets delivery
     * skip its per-event searches for due configs while nobody uses push notifications.
     */
    default boolean anyLive() {
        return true;
    }

    /** How many configs this store object has saved so far: a config saved here since a look counts too. */
    default long saves() {
        return 0;
    }
}
