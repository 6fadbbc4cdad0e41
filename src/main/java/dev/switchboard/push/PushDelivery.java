package dev.switchboard.push;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredPushConfig;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.switchboard.runtime.DaemonThreads;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers the task event log to webhooks, at least once. Each config has a cursor into its
 * task's log, stored with it; an event counts as delivered once the webhook answered 2xx, so after
 * a crash or restart delivery resumes from the cursor (a webhook may see an event twice, never
 * miss one). One poller finds configs that are owed events and due; a small bounded pool sends,
 * at most one send per config at a time and in log order. Failures are retried on the
 * {@link RetrySchedule}; after too many in a row the config is cut off, with the reason stored.
 * Nothing here runs on a task's thread: task processing only nudges the poller.
 */
public final class PushDelivery implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PushDelivery.class.getName());
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final String CONTENT_TYPE = "application/a2a+json";
    private static final long POLL_MILLIS = 500;
    private static final int BATCH = 64;

    private final PushConfigStore configs;
    private final TaskStore tasks;
    private final WebhookGuard guard;
    private final WebhookPost post;
    private final DeliverySigner signer;
    private final Map<ProtocolVersion, PushPayloadEncoder> encoders;
    private final RetrySchedule schedule;
    private final Clock clock;
    private final ScheduledExecutorService poller;
    private final ThreadPoolExecutor senders;
    private final Set<String> sending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean nudged = new AtomicBoolean();

    public PushDelivery(PushConfigStore configs, TaskStore tasks, WebhookGuard guard, WebhookPost post,
                        DeliverySigner signer, List<PushPayloadEncoder> encoders, RetrySchedule schedule,
                        Clock clock, int threads) {
        this.configs = configs;
        this.tasks = tasks;
        this.guard = guard;
        this.post = post;
        this.signer = signer;
        this.encoders = new ConcurrentHashMap<>();
        encoders.forEach(encoder -> this.encoders.put(encoder.version(), encoder));
        this.schedule = schedule;
        this.clock = clock;
        this.poller = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("switchboard-push-poll"));
        this.senders = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(threads * 16), DaemonThreads.pool("switchboard-push"));
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

    /** New events were stored: look for due configs soon rather than at the next tick. Never blocks. */
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

    private void poll() {
        for (StoredPushConfig config : configs.due(clock.millis(), BATCH)) {
            String key = config.taskId() + "\u0000" + config.id();
            if (!sending.add(key)) {
                continue;
            }
            try {
                senders.execute(() -> {
                    try {
                        deliver(config);
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "Push delivery for task " + config.taskId() + " failed", e);
                    } finally {
                        sending.remove(key);
                    }
                });
            } catch (RejectedExecutionException full) {
                sending.remove(key); // the next poll offers it again
            }
        }
    }

    /**
     * Sends the config's owed events in order until one fails or none is left. What is owed comes
     * from the stored cursor, not from {@code due}'s copy: a poll may have read the config while an
     * earlier delivery of it was still running, and that copy's cursor would send its events again.
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
        Task[] current = new Task[1];
        for (StoredEvent event : owed) {
            Optional<StoredPushConfig> still = configs.find(config.taskId(), config.id());
            if (still.isEmpty() || still.get().cutOff() != null) {
                return; // deleted or cut off meanwhile
            }
            Optional<byte[]> body = encoder.encode(event, () -> {
                if (current[0] == null) {
                    current[0] = tasks.find(config.taskId()).map(StoredTask::task).orElse(null);
                }
                return current[0];
            });
            if (body.isPresent()) {
                String failure = send(still.get().config(), body.get());
                if (failure != null) {
                    failed(still.get(), failure);
                    return;
                }
            }
            configs.delivered(config.taskId(), config.id(), event.seq());
        }
    }

    /** @return null when the webhook took it, else why not */
    private String send(TaskPushNotificationConfig config, byte[] body) {
        WebhookTarget target;
        try {
            target = guard.target(config.url());
        } catch (WebhookGuard.Refused refused) {
            return "refused: " + refused.getMessage();
        } catch (IOException unresolved) {
            return "the host does not resolve";
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        headers.add(Map.entry("Content-Type", CONTENT_TYPE));
        if (config.authentication() != null) {
            String credentials = config.authentication().credentials();
            headers.add(Map.entry("Authorization", config.authentication().scheme()
                    + (credentials == null || credentials.isEmpty() ? "" : " " + credentials)));
        }
        if (config.token() != null && !config.token().isEmpty()) {
            headers.add(Map.entry("X-A2A-Notification-Token", config.token()));
        }
        headers.add(Map.entry(DeliverySigner.HEADER, signer.sign(body)));
        try {
            int status = post.post(target, body, headers, TIMEOUT);
            if (status >= 200 && status < 300) {
                return null;
            }
            return status >= 300 && status < 400 ? "answered " + status + " (redirects are not followed)"
                    : "answered " + status;
        } catch (IOException e) {
            return "could not be reached (" + e.getClass().getSimpleName() + ")";
        }
    }

    private void failed(StoredPushConfig config, String failure) {
        int failures = config.failures() + 1;
        if (failure.startsWith("refused: ") || schedule.isCutOff(failures)) {
            cutOff(config, failures, failure);
            return;
        }
        long next = clock.millis() + schedule.delayAfter(failures).toMillis();
        configs.failed(config.taskId(), config.id(), failures, next, null);
        LOG.fine(() -> "Webhook of task " + config.taskId() + " " + failure + "; attempt " + failures);
    }

    private void cutOff(StoredPushConfig config, int failures, String reason) {
        String text = reason.length() > 1000 ? reason.substring(0, 1000) : reason;
        configs.failed(config.taskId(), config.id(), failures, Long.MAX_VALUE, text);
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
