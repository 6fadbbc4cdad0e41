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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * A config's turn on a sender thread: its owed events encoded in the config's protocol version and
 * POSTed in log order, its cursor moved past each one its webhook took, and what a failure means
 * for it (a retry on the {@link RetrySchedule}, or the config cut off with the reason stored).
 * {@link PushDelivery} decides which config gets a turn and when.
 */
final class NotificationSender {
    private static final Logger LOG = Logger.getLogger(NotificationSender.class.getName());
    /** The most events one turn sends before the other configs that are due go first. */
    static final int TURN_EVENTS = 16;

    private final PushConfigStore configs;
    private final TaskStore tasks;
    private final WebhookCall call;
    private final Map<ProtocolVersion, PushPayloadEncoder> encoders = new ConcurrentHashMap<>();
    private final RetrySchedule schedule;
    private final Metrics metrics;
    private final Clock clock;
    private final SenderSlots slots;
    private final DeliveryClaims claims;
    private final TraceOrigins origins = new TraceOrigins();
    /** The span of each config's last failed attempt, which its retry links to (tracing on only). */
    private final Map<String, SpanContext> failedAttempts = new ConcurrentHashMap<>();

    NotificationSender(PushConfigStore configs, TaskStore tasks, WebhookCall call, List<PushPayloadEncoder> encoders,
                       RetrySchedule schedule, Metrics metrics, Clock clock, SenderSlots slots,
                       DeliveryClaims claims) {
        this.configs = configs;
        this.tasks = tasks;
        this.call = call;
        encoders.forEach(encoder -> this.encoders.put(encoder.version(), encoder));
        this.schedule = schedule;
        this.metrics = metrics;
        this.clock = clock;
        this.slots = slots;
        this.claims = claims;
    }

    /** The task's notifications continue the trace current on this thread. */
    void traced(String taskId) {
        origins.stored(taskId);
    }

    /**
     * One turn: sends the config's owed events in order until one fails, none is left, the turn is
     * over, or another instance holds the config. What is owed comes from the stored cursor, not
     * from the poll's copy: a poll may have read the config while an earlier turn of it was still
     * running, and that copy's cursor would send its events again. The claim is renewed before
     * every POST but the first, which goes out on the claim just taken, and left to the caller to
     * release.
     */
    void deliver(StoredPushConfig due) {
        deliver(due, false);
    }

    /**
     * @param claimedJustNow whether {@code due} is the row a poll claimed moments ago: read under
     *                       its lock, so its cursor is the stored one (no turn of it runs anywhere:
     *                       a turn's claim outlasts its POST), and its claim is fresh; the turn then
     *                       starts without another write, which is a new task's first notification's
     *                       latency
     */
    void deliver(StoredPushConfig due, boolean claimedJustNow) {
        Optional<StoredPushConfig> fresh = claimedJustNow ? Optional.of(due) : claims.hold(due);
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
            // the first POST goes out on the claim just taken: a notification's latency is its writes
            Optional<StoredPushConfig> still = sent == 0 && event == owed.get(0) ? fresh : claims.hold(config);
            if (still.isEmpty() || still.get().cutOff() != null) {
                return; // deleted, cut off or taken over meanwhile
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
    void postpone(StoredPushConfig config, int failures, long nextAttemptMillis) {
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
}
