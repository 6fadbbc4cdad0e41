package dev.switchboard.push;

import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredPushConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This instance's claims on configs, so that instances sharing a database deliver each event to a
 * webhook once per attempt, not once per instance. A config is claimed before its turn, the claim
 * renewed before every POST (a turn that lost it stops before sending) and released when the turn
 * ends. The claims of an instance that died run out after {@link #claimFor the claim's time} and
 * another instance takes their configs over, resuming from the stored cursor: an event whose POST
 * was under way when its instance died may reach the webhook twice, as after any crash.
 */
final class DeliveryClaims {
    private static final Logger LOG = Logger.getLogger(DeliveryClaims.class.getName());
    /**
     * Beyond two POST deadlines: the host lookup before each POST, which only the resolver's own
     * timeouts bound (typically 5 s per try, a few tries), the store's writes, a long collection
     * pause and clocks of instances a few seconds apart.
     */
    private static final Duration MARGIN = Duration.ofSeconds(40);

    private final PushConfigStore configs;
    private final String claimant;
    private final Clock clock;
    private final long claimMillis;

    /** @param claimant this instance's id, distinct among those sharing the database */
    DeliveryClaims(PushConfigStore configs, String claimant, Clock clock, Duration claim) {
        this.configs = configs;
        this.claimant = claimant;
        this.clock = clock;
        this.claimMillis = claim.toMillis();
    }

    /**
     * How long a claim lasts from its last renewal: it is renewed before every POST, so it must
     * outlast one POST and what precedes it with room to spare; the cost of a longer one is only
     * how late the configs of an instance that died are taken over (a minute at the default
     * 10 s deadline).
     */
    static Duration claimFor(Duration timeout) {
        return timeout.multipliedBy(2).plus(MARGIN);
    }

    /** Claims up to {@code limit} configs due at {@code nowMillis}, earliest due first. */
    List<StoredPushConfig> due(long nowMillis, int limit) {
        return configs.claimDue(claimant, nowMillis, nowMillis + claimMillis, limit);
    }

    /** The config as stored, its claim renewed (or taken, when free); empty when another instance holds it or it is gone. */
    Optional<StoredPushConfig> hold(StoredPushConfig config) {
        long now = clock.millis();
        return configs.hold(claimant, config.taskId(), config.id(), now, now + claimMillis);
    }

    /** Lets the config go; a claim that cannot be released runs out by itself. */
    void release(StoredPushConfig config) {
        try {
            configs.release(claimant, config.taskId(), config.id());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Releasing the claim on a push config failed; it runs out by itself", e);
        }
    }

    /**
     * Lets go of the claims an earlier run of this instance held when it stopped: it was their only
     * holder, so they need not wait to run out.
     */
    void releaseLeftOvers() {
        int released = configs.releaseAll(claimant);
        if (released > 0) {
            LOG.info(() -> "Released " + released + " push config claim(s) an earlier run of instance " + claimant
                    + " held");
        }
    }
}
