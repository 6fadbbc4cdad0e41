package dev.switchboard.store;

import dev.switchboard.runtime.DaemonThreads;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Hears on PostgreSQL what the instances sharing the database store (see {@link NoticeAnnouncer}):
 * one connection of its own LISTENs on the channel, and a thread of its own takes every notice. When
 * the connection drops, the thread opens another, at once and then after doubling pauses up to
 * {@link #LAST_RETRY}, and catches up as soon as it listens again: it asks the receiver which tasks
 * it serves and how far the store holds each, and hands those over as notices, so what was
 * announced meanwhile is read from the store. It also catches up every {@link #CATCH_UP} while it
 * runs, whatever the connection does, so that a notice lost for any reason (a connection that died
 * without telling) delays an event by about that much, no more.
 *
 * <p>Notices are handed to the receiver by {@link #READERS} threads of their own, so that one
 * task's read holds up neither the next task's nor the listening; the notices of a task still
 * waiting for a reader merge into its latest: a busy task costs one read per reader's turn, not one
 * per commit.
 *
 * <p>The only class that touches the PostgreSQL driver's own API: nothing loads it on H2.
 */
final class NoticeListener implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(NoticeListener.class.getName());
    /**
     * How often the receiver compares the tasks it serves with the store. A notice normally arrives
     * within milliseconds; this bounds the wait only when one is lost, for one query per period
     * (tasks served here only), so a second costs nothing measurable and keeps such a stream live.
     */
    static final Duration CATCH_UP = Duration.ofSeconds(1);
    static final Duration FIRST_RETRY = Duration.ofMillis(100);
    static final Duration LAST_RETRY = Duration.ofSeconds(5);
    /** How the listening session shows in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "switchboard-notices";
    private static final int VALIDATION_SECONDS = 2;
    /**
     * Threads handing notices to the receiver, each holding one of the pool's connections while it
     * reads; two keep a slow read from delaying the other tasks and leave the rest of the smallest
     * pool (four) to requests.
     */
    static final int READERS = 2;

    /** Opens the connection to listen on; it is held until it fails or the listener closes. */
    @FunctionalInterface
    interface ConnectionSource {
        Connection open() throws SQLException;
    }

    private final ConnectionSource source;
    private final TaskNotices receiver;
    private final Thread thread;
    private final ExecutorService readers = Executors.newFixedThreadPool(READERS,
            DaemonThreads.pool("switchboard-notice-reader"));
    /** Tasks waiting for a reader, with the latest sequence number announced for each. */
    private final Map<String, Long> waiting = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private Connection connection;
    private PGConnection listening;
    private volatile boolean receiverFailing;

    private NoticeListener(ConnectionSource source, TaskNotices receiver) {
        this.source = source;
        this.receiver = receiver;
        this.thread = DaemonThreads.named("switchboard-notices").newThread(this::run);
    }

    /** Starts listening on a thread of its own; the first connection is opened there. */
    static NoticeListener start(ConnectionSource source, TaskNotices receiver) {
        NoticeListener listener = new NoticeListener(source, receiver);
        listener.thread.start();
        return listener;
    }

    private void run() {
        long nextCatchUp = now() + CATCH_UP.toMillis();
        long retryAt = 0;
        int failures = 0;
        try {
            while (!closed) {
                if (connection == null && now() >= retryAt) {
                    try {
                        listen();
                        if (failures > 0) {
                            LOG.info("Listening for other instances' events again after " + failures
                                    + " failed attempt(s)");
                        }
                        failures = 0;
                        // LISTEN came first: what was stored before it is read now, what after it is announced
                        nextCatchUp = now();
                    } catch (SQLException | RuntimeException e) {
                        failures++;
                        retryAt = now() + retryPause(failures);
                        LOG.log(failures == 1 ? Level.WARNING : Level.FINE, "Cannot listen for other instances'"
                                + " events (attempt " + failures + "); streams of their tasks are caught up every "
                                + CATCH_UP.toMillis() + " ms meanwhile: " + e.getMessage(), e);
                    }
                }
                if (now() >= nextCatchUp) {
                    check();
                    nextCatchUp = now() + CATCH_UP.toMillis();
                }
                long until = connection == null ? Math.min(retryAt, nextCatchUp) : nextCatchUp;
                int wait = (int) Math.max(1, Math.min(until - now(), CATCH_UP.toMillis()));
                if (connection == null) {
                    pause(wait);
                    continue;
                }
                try {
                    PGNotification[] notices = listening.getNotifications(wait);
                    if (notices != null) {
                        hand(notices);
                    }
                } catch (SQLException e) {
                    LOG.log(Level.WARNING, "The connection listening for other instances' events failed;"
                            + " opening another: " + e.getMessage(), e);
                    drop();
                    retryAt = now();
                }
            }
        } finally {
            drop();
        }
    }

    /** Opens the connection and listens on the channel. */
    private void listen() throws SQLException {
        Connection opened = source.open();
        try {
            // a session hears notifications only between transactions
            opened.setAutoCommit(true);
            try (Statement statement = opened.createStatement()) {
                statement.execute("set application_name = '" + APPLICATION_NAME + "'");
                statement.execute("LISTEN " + NoticeAnnouncer.CHANNEL);
            }
            listening = opened.unwrap(PGConnection.class);
            connection = opened;
        } catch (SQLException | RuntimeException e) {
            close(opened);
            throw e;
        }
    }

    /** Catches up, after making sure a connection that went quiet is still there. */
    private void check() {
        try {
            if (connection != null && !connection.isValid(VALIDATION_SECONDS)) {
                LOG.warning("The connection listening for other instances' events no longer answers; opening another");
                drop();
            }
        } catch (SQLException e) {
            drop();
        }
        receive(() -> receiver.served().forEach(this::queue));
    }

    /** Hands the notices over; those of one task merge while it waits for a reader. */
    private void hand(PGNotification[] notices) {
        for (PGNotification notice : notices) {
            String payload = notice.getParameter();
            int space = payload == null ? -1 : payload.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long lastSeq;
            try {
                lastSeq = Long.parseLong(payload.substring(space + 1));
            } catch (NumberFormatException foreign) {
                // not one of ours: somebody else notified on the channel
                continue;
            }
            queue(payload.substring(0, space), lastSeq);
        }
    }

    /** Queues a task for a reader, unless it waits already: then its notice merges into that one. */
    private void queue(String taskId, long lastSeq) {
        boolean[] queued = {false};
        waiting.compute(taskId, (id, earlier) -> {
            queued[0] = earlier == null;
            return earlier == null ? lastSeq : Math.max(earlier, lastSeq);
        });
        if (!queued[0]) {
            return;
        }
        try {
            readers.execute(() -> {
                Long seq = waiting.remove(taskId);
                if (seq != null) {
                    receive(() -> receiver.stored(taskId, seq));
                }
            });
        } catch (RejectedExecutionException closing) {
            waiting.remove(taskId);
        }
    }

    /**
     * Runs one call of the receiver. A failure (the store unreachable) is logged once per streak
     * and otherwise left to the next catch-up, which reads whatever this call did not.
     */
    private void receive(Runnable call) {
        try {
            call.run();
            receiverFailing = false;
        } catch (RuntimeException e) {
            if (!receiverFailing) {
                LOG.log(Level.WARNING, "Events of other instances could not be read; trying again within "
                        + CATCH_UP.toMillis() + " ms", e);
            }
            receiverFailing = true;
        }
    }

    private void drop() {
        Connection dropped = connection;
        connection = null;
        listening = null;
        if (dropped != null) {
            try (Statement statement = dropped.createStatement()) {
                // a container's pool gets the connection back: it must not go on collecting notices
                statement.execute("UNLISTEN *");
                statement.execute("reset application_name");
            } catch (SQLException | RuntimeException gone) {
                // a dead connection listens no more either
            }
            close(dropped);
        }
    }

    private static void close(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "Could not close the listening connection", e);
        }
    }

    static long retryPause(int failures) {
        return Math.min(LAST_RETRY.toMillis(), FIRST_RETRY.toMillis() << Math.min(failures - 1, 16));
    }

    private void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            closed = true;
        }
    }

    private static long now() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
    }

    /** Stops listening: the thread ends within a wait for notices, and closes its connection. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(2 * CATCH_UP.toMillis() + TimeUnit.SECONDS.toMillis(VALIDATION_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            readers.shutdownNow();
        }
    }
}
