package dev.switchboard.push;

import dev.switchboard.observe.Metrics;
import dev.switchboard.runtime.DaemonThreads;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredPushConfig;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers the task event log to webhooks, at least once. Each config has a cursor into its
 * task's log, stored with it; an event counts as delivered once the webhook answered 2xx, so after
 * a crash or restart delivery resumes from the cursor (a webhook may see an event twice, never
 * miss one). One poller claims configs that are owed events and due, and hands each to a sender
 * thread for a turn: at most one turn per config at a time, events in log order, across all the
 * instances sharing the database (see {@link DeliveryClaims}). Who gets a sender
 * is the {@link SenderSlots}' call, so that a slow or black-holed webhook delays only its own
 * deliveries; a turn ends after {@value NotificationSender#TURN_EVENTS} events or one slow answer, and a config that
 * must wait goes behind the others that are due. Failures are retried on the
 * {@link RetrySchedule}; after too many in a row the config is cut off, with the reason stored.
 * Nothing here runs on a task's thread: task processing only nudges the poller.
 */
public final class PushDelivery implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PushDelivery.class.getName());
    private static final long POLL_MILLIS = 500;
    /** How long closing waits for a poll or a turn that is running. */
    private static final long CLOSE_PATIENCE_SECONDS = 5;
    /** A claim younger than this is fresh enough to deliver on without renewing it first. */
    private static final long FRESH_CLAIM_MILLIS = 1_000;
    private static final int BATCH = 64;

    private final PushConfigStore configs;
    private final WebhookPost post;
    private final Clock clock;
    private final Duration timeout;
    private final ScheduledExecutorService poller;
    private final ExecutorService senders;
    private final SenderSlots slots;
    private final DeliveryClaims claims;
    private final NotificationSender sender;
    private final Set<String> sending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean nudged = new AtomicBoolean();
    /**
     * Whether the claims of an earlier run are released: no poll claims anything before, or the
     * release would free the claims of turns of this run, for another instance to take.
     */
    private volatile boolean started;
    /**
     * What the last look at the store found (on the poller's thread). While no config was live and
     * none has been saved here since, a nudge does nothing, on the thread that stored the events:
     * without push notifications, every stored event would otherwise cost the poller a wake-up and
     * a search for due configs. Configs saved on another instance are seen by the next tick's look.
     */
    private volatile LastLook lastLook = new LastLook(true, -1);

    /**
     * @param configsLive whether any config was live
     * @param saves       how many configs had been saved here by then
     */
    private record LastLook(boolean configsLive, long saves) {
    }

    /**
     * @param threads sender threads
     * @param timeout how long one POST may take, connecting included; a send taking a fifth of it
     *                counts as slow
     */
    public PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                        DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule,
                        Clock clock, int threads, Duration timeout) {
        this(configs, tasks, guard, post, signer, encoders, schedule, clock, threads, timeout, Metrics.off(),
                "local");
    }

    /**
     * @param metrics  counts deliveries: delivered, retried, cut off
     * @param instance this instance's id, distinct among the instances sharing the database: its
     *                 claims on configs are held under it
     */
    public PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                        DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule,
                        Clock clock, int threads, Duration timeout, Metrics metrics, String instance) {
        this(configs, tasks, guard, post, signer, encoders, schedule, clock, threads, timeout, metrics, instance,
                DeliveryClaims.claimFor(timeout));
    }

    /** @param claim how long a claim on a config lasts from its last renewal */
    PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                 DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule, Clock clock,
                 int threads, Duration timeout, Metrics metrics, String instance, Duration claim) {
        this.configs = configs;
        this.post = post;
        this.clock = clock;
        this.timeout = timeout;
        this.poller = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("switchboard-push-poll"));
        // the slots admit at most one turn per thread, so the queue stays short
        this.senders = Executors.newFixedThreadPool(threads, DaemonThreads.pool("switchboard-push"));
        this.slots = new SenderSlots(threads, timeout.dividedBy(5));
        this.claims = new DeliveryClaims(configs, instance, clock, claim);
        this.sender = new NotificationSender(configs, tasks, new WebhookCall(guard, post, signer, timeout), encoders,
                schedule, metrics, clock, slots, claims);
    }

    /**
     * Starts polling; configs owed events from an earlier run are picked up at once, those it had
     * claimed too. Does nothing once closed: an application undeployed while its store was opening
     * starts nothing.
     */
    public void start() {
        try {
            poller.execute(() -> {
                try {
                    claims.releaseLeftOvers();
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Could not release the push config claims of an earlier run;"
                            + " they run out by themselves", e);
                } finally {
                    started = true;
                }
            });
            poller.scheduleWithFixedDelay(this::tick, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            LOG.fine("Push delivery closed before it started");
        }
    }

    /**
     * New events of the task were stored, on this thread: their notifications continue the trace
     * current here, and the poller looks for due configs soon. Never blocks.
     */
    public void stored(String taskId) {
        traced(taskId);
        nudge();
    }

    /** The task's notifications continue the trace current on this thread. */
    void traced(String taskId) {
        sender.traced(taskId);
    }

    /** New events were stored, or a sender is free: look for due configs soon. Never blocks. */
    public void nudge() {
        if (mayBeDue() && nudged.compareAndSet(false, true)) {
            try {
                poller.execute(() -> {
                    nudged.set(false);
                    pollSafely();
                });
            } catch (RejectedExecutionException shuttingDown) {
                nudged.set(false);
            }
        }
    }

    /** False only when no config was live at the last look and none has been saved here since. */
    private boolean mayBeDue() {
        try {
            LastLook look = lastLook;
            return look.configsLive() || configs.saves() != look.saves();
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** The regular poll, which first looks whether any config is live at all. */
    private void tick() {
        if (started) {
            try {
                // the count first: a config saved in between is then live or counted
                long saves = configs.saves();
                lastLook = new LastLook(configs.anyLive(), saves);
            } catch (RuntimeException e) {
                lastLook = new LastLook(true, -1);
            }
        }
        pollSafely();
    }

    private void pollSafely() {
        try {
            poll();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Push delivery poll failed; trying again shortly", e);
        }
    }

    /**
     * Claims due configs, earliest due first, as many as there are free slots, and gives each a
     * turn. A config whose slot is refused goes behind the others that are due, its claim
     * released: at once when its destination is quick (it only waits for a turn of its own), after
     * a deadline when it is slow. At most {@value #BATCH} configs are looked at per poll.
     */
    private void poll() {
        if (!started) {
            return;
        }
        long now = clock.millis();
        int looked = 0;
        while (looked < BATCH) {
            int free = slots.free();
            if (free == 0) {
                return; // the rest keep their places until a sender is free
            }
            List<StoredPushConfig> claimed = claims.due(now, Math.min(free, BATCH - looked));
            if (claimed.isEmpty()) {
                return;
            }
            looked += claimed.size();
            for (int i = 0; i < claimed.size(); i++) {
                if (!offer(claimed.get(i), now)) {
                    claimed.subList(i + 1, claimed.size()).forEach(claims::release);
                    return;
                }
            }
        }
    }

    /** @return false when delivery is closing */
    private boolean offer(StoredPushConfig config, long now) {
        String key = config.taskId() + "\u0000" + config.id();
        if (sending.contains(key)) {
            return true; // a turn of it is running still, whose claim ran out: that turn renews and releases it
        }
        String destination = SenderSlots.destination(config.config().url());
        SenderSlots.Slot slot = slots.take(destination, config.failures() > 0, now);
        if (slot == null) {
            boolean slow = config.failures() > 0 || slots.isSlow(destination, now);
            sender.postpone(config, config.failures(), now + (slow ? timeout.toMillis() : POLL_MILLIS));
            claims.release(config);
            return true;
        }
        sending.add(key);
        try {
            senders.execute(() -> turn(config, slot, key, now));
            return true;
        } catch (RejectedExecutionException closed) {
            claims.release(config);
            sending.remove(key);
            slots.release(slot);
            return false;
        }
    }

    /** A sender that is free again asks for more work, unless its turn broke: the next tick retries that. */
    private void turn(StoredPushConfig config, SenderSlots.Slot slot, String key, long claimedAt) {
        boolean ended = false;
        try {
            deliver(config, clock.millis() - claimedAt < FRESH_CLAIM_MILLIS);
            ended = true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Push delivery for task " + config.taskId() + " failed", e);
        } finally {
            claims.release(config);
            sending.remove(key);
            slots.release(slot);
        }
        if (ended) {
            nudge();
        }
    }

    /** One turn of the config, as a sender thread runs it (see {@link NotificationSender}). */
    void deliver(StoredPushConfig due) {
        sender.deliver(due);
    }

    void deliver(StoredPushConfig due, boolean claimedJustNow) {
        sender.deliver(due, claimedJustNow);
    }

    /**
     * Stops polling and sending, and the post it was given, which is this delivery's alone, and
     * waits (a bounded time) for a poll or a turn still running: the store closes next, and a
     * transaction left running against it would keep the database open, so that the next
     * deployment of the same data directory found its file locked.
     */
    @Override
    public void close() {
        poller.shutdownNow();
        senders.shutdownNow();
        if (post != null) {
            post.close();
        }
        awaitEnd(poller);
        awaitEnd(senders);
    }

    private static void awaitEnd(ExecutorService pool) {
        try {
            if (!pool.awaitTermination(CLOSE_PATIENCE_SECONDS, TimeUnit.SECONDS)) {
                LOG.warning("A push delivery thread did not stop within " + CLOSE_PATIENCE_SECONDS
                        + " s of closing; the store closes anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
