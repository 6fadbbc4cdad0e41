package dev.switchboard.task;

import dev.switchboard.runtime.DaemonThreads;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps this instance's hold on the tasks it runs, and lets go of the tasks of instances that
 * stopped: on a thread of its own it renews this instance's leases every third of a lease (two
 * renewals may fail before one runs out), and every half lease it fails the running tasks whose
 * leases ran out elsewhere. A round that fails (the database is away) is retried at the next one;
 * the first failure of a streak is a warning, its end is logged too, the rounds between are not.
 */
public final class LeaseKeeper implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LeaseKeeper.class.getName());

    private final TaskService tasks;
    private final Duration lease;
    private volatile ScheduledExecutorService schedule;
    /** Failed rounds in a row, by what they do; only the keeper's one thread reads and writes it. */
    private final Map<String, Integer> failing = new HashMap<>();
    private volatile boolean closed;

    public LeaseKeeper(TaskService tasks, Duration lease) {
        this.tasks = Objects.requireNonNull(tasks);
        this.lease = Objects.requireNonNull(lease);
        if (lease.toMillis() < 3) {
            throw new IllegalArgumentException("a lease must last a few milliseconds at least");
        }
    }

    /** Starts renewing and reconciling, from now until {@link #close}; after it, does nothing. */
    public synchronized LeaseKeeper start() {
        if (closed) {
            return this;
        }
        if (schedule != null) {
            throw new IllegalStateException("the lease keeper has already started");
        }
        ScheduledExecutorService running = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("switchboard-leases"));
        schedule = running;
        long millis = lease.toMillis();
        // not at once: it starts as the store opens, whose restart reconciliation has just ended
        // every task this instance held, and a task begun since holds a lease of its own; a first
        // round now would only compete with the first calls a starting server answers
        running.scheduleWithFixedDelay(() -> round("Renewing this instance's task leases", tasks::renewLeases),
                millis / 3, millis / 3, TimeUnit.MILLISECONDS);
        running.scheduleWithFixedDelay(() -> round("Failing the tasks of stopped instances",
                tasks::reconcileExpiredLeases), millis / 2, millis / 2, TimeUnit.MILLISECONDS);
        return this;
    }

    private void round(String what, IntSupplier work) {
        try {
            work.getAsInt();
        } catch (RuntimeException e) {
            if (closed) {
                return; // interrupted by close: the instance is going away, nothing failed
            }
            // a scheduled task that throws is never run again: the next round retries
            int streak = failing.merge(what, 1, Integer::sum);
            LOG.log(streak == 1 ? Level.WARNING : Level.FINE, what + " failed; retrying every round", e);
            return;
        }
        Integer streak = failing.remove(what);
        if (streak != null) {
            LOG.info(what + " works again, after " + streak + " failed round(s)");
        }
    }

    /**
     * Stops renewing: the instance is going away, and its tasks' leases run out unless it comes back
     * first. Waits (a bounded time) for a renewal still running, since the store closes next.
     */
    @Override
    public void close() {
        ScheduledExecutorService running;
        synchronized (this) {
            closed = true;
            running = schedule;
        }
        if (running != null) {
            running.shutdownNow();
            try {
                running.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
