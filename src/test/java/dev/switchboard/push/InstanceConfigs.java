package dev.switchboard.push;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredPushConfig;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The webhook configs as one server instance reaches them: it counts the deliveries the instance
 * records, and can die, after which nothing it does reaches the database any more (as with an
 * instance whose process was killed: its claims stay behind until they run out).
 */
final class InstanceConfigs implements PushConfigStore {
    private final PushConfigStore store;
    private final AtomicBoolean dead = new AtomicBoolean();
    private final AtomicInteger delivered = new AtomicInteger();

    InstanceConfigs(PushConfigStore store) {
        this.store = store;
    }

    void die() {
        dead.set(true);
    }

    /** How many deliveries this instance recorded. */
    int delivered() {
        return delivered.get();
    }

    private PushConfigStore alive() {
        if (dead.get()) {
            throw new IllegalStateException("this instance is dead");
        }
        return store;
    }

    @Override
    public void save(TaskPushNotificationConfig config, ProtocolVersion version, long afterSeq) {
        alive().save(config, version, afterSeq);
    }

    @Override
    public Optional<StoredPushConfig> find(String taskId, String id) {
        return alive().find(taskId, id);
    }

    @Override
    public List<StoredPushConfig> list(String taskId, int offset, int limit) {
        return alive().list(taskId, offset, limit);
    }

    @Override
    public long countForTask(String taskId) {
        return alive().countForTask(taskId);
    }

    @Override
    public long countOpenForOwner(String owner) {
        return alive().countOpenForOwner(owner);
    }

    @Override
    public boolean delete(String taskId, String id) {
        return alive().delete(taskId, id);
    }

    @Override
    public List<StoredPushConfig> claimDue(String claimant, long nowMillis, long untilMillis, int limit) {
        return alive().claimDue(claimant, nowMillis, untilMillis, limit);
    }

    @Override
    public Optional<StoredPushConfig> hold(String claimant, String taskId, String id, long nowMillis,
                                           long untilMillis) {
        return alive().hold(claimant, taskId, id, nowMillis, untilMillis);
    }

    @Override
    public void release(String claimant, String taskId, String id) {
        alive().release(claimant, taskId, id);
    }

    @Override
    public int releaseAll(String claimant) {
        return alive().releaseAll(claimant);
    }

    @Override
    public void delivered(String taskId, String id, long seq) {
        alive().delivered(taskId, id, seq);
        delivered.incrementAndGet();
    }

    @Override
    public void failed(String taskId, String id, int failures, long nextAttemptMillis, String cutOff) {
        alive().failed(taskId, id, failures, nextAttemptMillis, cutOff);
    }
}
