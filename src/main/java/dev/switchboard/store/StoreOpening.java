package dev.switchboard.store;

import dev.switchboard.runtime.DaemonThreads;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The database while it opens in the background. Opening it (migrations, then JPA) is most of a
 * cold start, and the card, landing page and health check do not need it; so the server answers
 * them at once, and the stores built on the database are handed out as stand-ins whose calls wait
 * for it, for a bounded time, then fail as an A2A internal error rather than hang.
 */
public final class StoreOpening {
    private static final Logger LOG = Logger.getLogger(StoreOpening.class.getName());
    /** How many times a slow opening is reported; the gaps double from the first. */
    private static final int REPORTS = 5;

    /** What the server can say about its database. */
    public enum State { OPENING, OPEN, FAILED }

    private final CompletableFuture<TaskDatabase> ready;
    private final Duration patience;
    private volatile ScheduledExecutorService watch;

    /**
     * @param ready    completes with the database once it is open and whatever must precede every
     *                 call has run; exceptionally when it cannot be opened
     * @param patience how long a call waits for a database that is still opening
     */
    public StoreOpening(CompletableFuture<TaskDatabase> ready, Duration patience) {
        this.ready = Objects.requireNonNull(ready);
        this.patience = Objects.requireNonNull(patience);
    }

    public State state() {
        if (!ready.isDone()) {
            return State.OPENING;
        }
        return ready.isCompletedExceptionally() ? State.FAILED : State.OPEN;
    }

    /**
     * Reports an opening that takes long: after {@code first}, then after doubling gaps, a few
     * times, it logs a warning with where the opening thread is, so that an operator (or a test's
     * console) sees what a start-up that never becomes healthy waits for. The reporting thread is
     * this application's own and ends when the opening does, or at {@link #close()}.
     *
     * @param opener the thread that opens the database
     */
    public void reportWhileOpening(Thread opener, Duration first) {
        ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("switchboard-store-watch"));
        this.watch = watch;
        long delay = first.toMillis();
        for (int report = 1; report <= REPORTS; report++, delay *= 2) {
            int number = report;
            watch.schedule(() -> {
                if (!ready.isDone() && LOG.isLoggable(Level.WARNING)) {
                    LOG.warning(slowOpening(opener, number));
                }
            }, delay, TimeUnit.MILLISECONDS);
        }
        ready.whenComplete((database, failure) -> watch.shutdownNow());
    }

    /** Stops reporting: the application is going away, whether or not the database opened. */
    public void close() {
        ScheduledExecutorService running = watch;
        if (running != null) {
            running.shutdownNow();
        }
    }

    static String slowOpening(Thread opener, int report) {
        StringBuilder text = new StringBuilder("The task store is still opening (report ").append(report)
                .append(" of ").append(REPORTS).append("); ").append(opener.getName()).append(" is ")
                .append(opener.getState()).append(" at:");
        for (StackTraceElement frame : opener.getStackTrace()) {
            text.append("\n\tat ").append(frame);
        }
        return text.toString();
    }

    /**
     * A store built on the database once it is ready, usable at once: each call waits for it.
     *
     * @param type  the store's interface
     * @param build makes the store from the open database, once
     */
    public <T> T deferred(Class<T> type, Function<TaskDatabase, ? extends T> build) {
        CompletableFuture<T> built = ready.thenApply(build);
        Object standIn = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "deferred " + type.getSimpleName();
                };
            }
            try {
                return method.invoke(await(built), args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
        return type.cast(standIn);
    }

    private <T> T await(CompletableFuture<T> built) {
        if (built.isDone() && !built.isCompletedExceptionally()) {
            return built.join();
        }
        try {
            return built.get(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new A2AException(A2AError.INTERNAL_ERROR, "The task store is still opening; try again shortly");
        } catch (ExecutionException e) {
            throw new A2AException(A2AError.INTERNAL_ERROR, "The task store is unavailable; see the server log");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new A2AException(A2AError.INTERNAL_ERROR, "Interrupted while waiting for the task store");
        }
    }
}
