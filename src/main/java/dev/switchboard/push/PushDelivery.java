package dev.switchboard.push;

import dev.switchboard.observe.DeliverySpan;
import dev.switchboard.observe.Metrics;
import dev.switchboard.observe.TraceOrigins;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredPushConfig;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import io.opentelemetry.api.trace.SpanContext;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.switchboard.runtime.DaemonThreads;
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
 * miss one). One poller finds configs that are owed events and due, and hands each to a sender
 * thread for a turn: at most one turn per config at a time, events in log order. Who gets a sender
 * is the {@link SenderSlots}' call, so that a slow or black-holed webhook delays only its own
 * deliveries; a turn ends after {@value #TURN_EVENTS} events or one slow answer, and a config that
 * must wait goes behind the others that are due. Failures are retried on the
 * {@link RetrySchedule}; after too many in a row the config is cut off, with the reason stored.
 * Nothing here runs on a task's thread: task processing only nudges the poller.
 */
public final class PushDelivery implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PushDelivery.class.getName());
    private static final long POLL_MILLIS = 500;
    private static final int BATCH = 64;
    static final int TURN_EVENTS = 16;

    private final PushConfigStore configs;
    private final TaskStore tasks;
    private final WebhookPost post;
    private final WebhookCall call;
    private final Map<ProtocolVersion, PushPayloadEncoder> encoders;
    private final RetrySchedule schedule;
    private final Metrics metrics;
    private final Clock clock;
    private final Duration timeout;
    private final ScheduledExecutorService poller;
    private final ExecutorService senders;
    private final SenderSlots slots;
    private final Set<String> sending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean nudged = new AtomicBoolean();
    private final TraceOrigins origins = new TraceOrigins();
    /** The span of each config's last failed attempt, which its retry links to (tracing on only). */
    private final Map<String, SpanContext> failedAttempts = new ConcurrentHashMap<>();

    /**
     * @param threads sender threads
     * @param timeout how long one POST may take, connecting included; a send taking a fifth of it
     *                counts as slow
     */
    public PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                        DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule,
                        Clock clock, int threads, Duration timeout) {
        this(configs, tasks, guard, post, signer, encoders, schedule, clock, threads, timeout, Metrics.off());
    }

    /** @param metrics counts deliveries: delivered, retried, cut off */
    public PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                        DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule,
                        Clock clock, int threads, Duration timeout, Metrics metrics) {
        this.metrics = metrics;
        this.configs = configs;
        this.tasks = tasks;
        this.post = post;
        this.call = new WebhookCall(guard, post, signer, timeout);
        this.encoders = new ConcurrentHashMap<>();
        encoders.forEach(encoder -> this.encoders.put(encoder.version(), encoder));
        this.schedule = schedule;
        this.clock = clock;
        this.timeout = timeout;
        this.poller = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("switchboard-push-poll"));
        // the slots admit at most one turn per thread, so the queue stays short
        this.senders = Executors.newFixedThreadPool(threads, DaemonThreads.pool("switchboard-push"));
        this.slots = new SenderSlots(threads, timeout.dividedBy(5));
    }

    /**
     * Starts polling; configs owed events from an earlier run are picked up at once. Does nothing
     * once closed: an application undeployed while its store was opening starts nothing.
     */
    public void start() {
        try {
            poller.scheduleWithFixedDelay(this::pollSafely, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
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
        origins.stored(taskId);
    }

    /** New events were stored, or a sender is free: look for due configs soon. Never blocks. */
    public void nudge() {
        if (nudged.compareAndSet(false, true)) {
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

    private void pollSafely() {
        try {
            poll();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Push delivery poll failed; trying again shortly", e);
        }
    }

    /**
     * Gives due configs a turn, earliest due first, while slots are free. A config whose slot is
     * refused goes behind the others that are due: at once when its destination is quick (it only
     * waits for a turn of its own), after a deadline when it is slow.
     */
    private void poll() {
        long now = clock.millis();
        for (StoredPushConfig config : configs.due(now, BATCH)) {
            if (slots.full()) {
                return; // the rest keep their places until a sender is free
            }
            String key = config.taskId() + "\u0000" + config.id();
            if (sending.contains(key)) {
                continue;
            }
            String destination = SenderSlots.destination(config.config().url());
            SenderSlots.Slot slot = slots.take(destination, config.failures() > 0, now);
            if (slot == null) {
                boolean slow = config.failures() > 0 || slots.isSlow(destination, now);
                postpone(config, config.failures(), now + (slow ? timeout.toMillis() : POLL_MILLIS));
                continue;
            }
            sending.add(key);
            try {
                senders.execute(() -> turn(config, slot, key));
            } catch (RejectedExecutionException closed) {
                sending.remove(key);
                slots.release(slot);
                return;
            }
        }
    }

    /** A sender that is free again asks for more work, unless its turn broke: the next tick retries that. */
    private void turn(StoredPushConfig config, SenderSlots.Slot slot, String key) {
        boolean ended = false;
        try {
            deliver(config);
            ended = true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Push delivery for task " + config.taskId() + " failed", e);
        } finally {
            sending.remove(key);
            slots.release(slot);
        }
        if (ended) {
            nudge();
        }
    }

    /**
     * One turn: sends the config's owed events in order until one fails, none is left, or the turn
     * is over. What is owed comes from the stored cursor, not from {@code due}'s copy: a poll may
     * have read the config while an earlier turn of it was still running, and that copy's cursor
     * would send its events again.
     */
    void deliver(StoredPushConfig due) {
        Optional<StoredPushConfig> fresh = configs.find(due.taskId(), due.id());
        if (fresh.isEmpty() || fresh.get().cutOff() != null) {
            return;
        }
        StoredPushConfig config = fresh.get();
        PushPayloadEncoder encoder = encoders.get(config.version());
        if (encoder == null) {
            cutOff(config, config.failures(), "no notification shape for protocol " + config.version().label()
                    + " on this server");
            return;
        }
        List<StoredEvent> owed = tasks.eventsAfter(config.taskId(), config.deliveredSeq());
        String destination = SenderSlots.destination(config.config().url());
        Task[] current = new Task[1];
        int sent = 0;
        for (StoredEvent event : owed) {
            Optional<StoredPushConfig> still = configs.find(config.taskId(), config.id());
            if (still.isEmpty() || still.get().cutOff() != null) {
                return; // deleted or cut off meanwhile
            }
            if (sent == TURN_EVENTS) {
                postpone(still.get(), 0, clock.millis()); // the others that are due go first
                return;
            }
            Optional<byte[]> body = encoder.encode(event, () -> {
                if (current[0] == null) {
                    current[0] = tasks.find(config.taskId()).map(StoredTask::task).orElse(null);
                }
                return current[0];
            });
            if (body.isPresent()) {
                long start = System.nanoTime();
                String failure = send(still.get(), body.get());
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                slots.took(destination, took, clock.millis());
                sent++;
                if (failure != null) {
                    failed(still.get(), failure);
                    return;
                }
                configs.delivered(config.taskId(), config.id(), event.seq());
                metrics.pushDelivered();
                if (slots.isSlowSend(took) && event != owed.get(owed.size() - 1)) {
                    postpone(still.get(), 0, clock.millis()); // the rest wait among the slow
                    return;
                }
            } else {
                configs.delivered(config.taskId(), config.id(), event.seq());
            }
        }
    }

    /** One POST, in its own span when tracing is on: a retry links to the attempt before it. */
    private String send(StoredPushConfig config, byte[] body) {
        String key = config.taskId() + "\u0000" + config.id();
        SpanContext previous = failedAttempts.remove(key);
        try (DeliverySpan span = DeliverySpan.start(origins.of(config.taskId()), config.taskId(),
                config.config().url(), previous, config.failures())) {
            String failure = call.send(config.config(), body);
            if (failure != null) {
                span.failed(failure);
                if (span.context() != null) {
                    failedAttempts.put(key, span.context());
                }
            }
            return failure;
        }
    }

    /**
     * When to try next, the failure count as it is. The store's record of a failed attempt, which
     * sets both, serves: nothing else about the config changes.
     */
    private void postpone(StoredPushConfig config, int failures, long nextAttemptMillis) {
        configs.failed(config.taskId(), config.id(), failures, nextAttemptMillis, null);
    }

    private void failed(StoredPushConfig config, String failure) {
        int failures = config.failures() + 1;
        if (failure.startsWith("refused: ") || schedule.isCutOff(failures)) {
            cutOff(config, failures, failure);
            return;
        }
        long next = clock.millis() + schedule.delayAfter(failures).toMillis();
        configs.failed(config.taskId(), config.id(), failures, next, null);
        metrics.pushRetried();
        LOG.fine(() -> "Webhook of task " + config.taskId() + " " + failure + "; attempt " + failures);
    }

    private void cutOff(StoredPushConfig config, int failures, String reason) {
        String text = reason.length() > 1000 ? reason.substring(0, 1000) : reason;
        configs.failed(config.taskId(), config.id(), failures, Long.MAX_VALUE, text);
        metrics.pushCutOff();
        LOG.warning(() -> "Stopped notifications to the webhook of task " + config.taskId() + " (config "
                + config.id() + ") after " + failures + " failure(s): " + text);
    }

    /** Stops polling and sending, and the post it was given, which is this delivery's alone. */
    @Override
    public void close() {
        poller.shutdownNow();
        senders.shutdownNow();
        if (post != null) {
            post.close();
        }
    }
}
