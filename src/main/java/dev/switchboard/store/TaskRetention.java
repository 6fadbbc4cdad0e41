package dev.switchboard.store;

import dev.switchboard.runtime.DaemonThreads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Deletes tasks past their retention, with everything that belongs to them, so the store's disk
 * stays bounded. It deletes in small transactions (a few hundred tasks each) on a thread of its
 * own: a writer never waits behind a long delete, and an interrupted round loses nothing but time.
 * It also takes the store's figures for the health check after every round.
 */
public final class TaskRetention implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(TaskRetention.class.getName());
    /** Tasks per transaction: small enough that a commit stays short, large enough to keep up with a busy server. */
    static final int BATCH = 200;
    /** The tables holding a task's rows other than its own, by their task id column; a new one is one more entry. */
    private static final List<String> TASK_TABLES = List.of(
            "a2a_task_event", "a2a_push_config");
    private static final List<String> TERMINAL = List.of("COMPLETED", "FAILED", "CANCELED", "REJECTED");
    private static final List<String> INTERRUPTED = List.of("INPUT_REQUIRED", "AUTH_REQUIRED");

    /** What one round did. */
    record Sweep(int deleted, int transactions) {
    }

    private final DataSource dataSource;
    private final RetentionPolicy policy;
    private final Clock clock;
    private final int batch;
    private volatile ScheduledExecutorService schedule;
    private volatile StoreFigures figures;
    private final AtomicLong deletedSinceStart = new AtomicLong();
    private volatile long lastMeasured = Long.MIN_VALUE / 2;
    private volatile boolean warned;

    TaskRetention(DataSource dataSource, RetentionPolicy policy, Clock clock, int batch) {
        this.dataSource = Objects.requireNonNull(dataSource);
        this.policy = Objects.requireNonNull(policy);
        this.clock = Objects.requireNonNull(clock);
        this.batch = batch;
    }

    /** Sweeps at the policy's interval (and measures, even when nothing is ever deleted), from now on. */
    TaskRetention start() {
        ScheduledExecutorService running = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("switchboard-retention"));
        schedule = running;
        long interval = policy.interval().toMillis();
        running.scheduleWithFixedDelay(this::round, 0, interval, TimeUnit.MILLISECONDS);
        return this;
    }

    public RetentionPolicy policy() {
        return policy;
    }

    /** The figures of the last round; null before the first one has run. */
    public StoreFigures figures() {
        return figures;
    }

    private void round() {
        try {
            sweep();
            measure();
        } catch (SQLException | RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.log(Level.WARNING, "Deleting expired tasks failed; the store keeps them until a round succeeds", e);
            } else {
                LOG.log(Level.FINE, "Deleting expired tasks failed", e);
            }
        }
    }

    /** Deletes every task past its age, then the oldest terminal ones beyond the maximum. */
    Sweep sweep() throws SQLException {
        int deleted = 0;
        int transactions = 0;
        long now = clock.millis();
        List<List<String>> aged = new ArrayList<>();
        if (!policy.terminalAge().isZero()) {
            aged.add(TERMINAL);
        }
        if (!policy.interruptedAge().isZero()) {
            aged.add(INTERRUPTED);
        }
        for (List<String> states : aged) {
            long cutoff = now - (states == TERMINAL ? policy.terminalAge() : policy.interruptedAge()).toMillis();
            for (String state : states) {
                int gone;
                do {
                    gone = deleteExpired(state, cutoff);
                    deleted += gone;
                    transactions++;
                } while (gone == batch && !Thread.currentThread().isInterrupted());
            }
        }
        if (policy.maxTasks() > 0) {
            long excess = count() - policy.maxTasks();
            while (excess > 0 && !Thread.currentThread().isInterrupted()) {
                int gone = deleteOldestTerminal((int) Math.min(batch, excess));
                transactions++;
                deleted += gone;
                excess -= gone;
                if (gone == 0) {
                    break; // what is left is working or waiting on its client: never deleted for room
                }
            }
        }
        if (deleted > 0) {
            int total = deleted;
            LOG.fine(() -> "Deleted " + total + " expired tasks");
        }
        return new Sweep(deleted, transactions);
    }

    /** One transaction: up to a batch of the state's tasks last changed before the cutoff, then deleted. */
    private int deleteExpired(String state, long cutoff) throws SQLException {
        // ordered by the index's own columns, so the index gives the first rows instead of a sort of all;
        // an interrupted task is locked: one resumed meanwhile waits for this commit, then finds itself
        // gone; a terminal one never changes again
        String select = "SELECT id FROM a2a_task WHERE state = ? AND status_ts_ms < ? ORDER BY state, status_ts_ms"
                + " FETCH FIRST " + batch + " ROWS ONLY" + (INTERRUPTED.contains(state) ? " FOR UPDATE" : "");
        int gone = inTransaction(connection -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement expired = connection.prepareStatement(select)) {
                expired.setString(1, state);
                expired.setLong(2, cutoff);
                try (ResultSet result = expired.executeQuery()) {
                    while (result.next()) {
                        ids.add(result.getString(1));
                    }
                }
            }
            return delete(connection, ids);
        });
        counted(gone);
        return gone;
    }

    /** One transaction: the {@code limit} terminal tasks whose status changed longest ago. */
    private int deleteOldestTerminal(int limit) throws SQLException {
        int gone = inTransaction(connection -> {
            record Candidate(String id, long statusMillis) {
            }
            List<Candidate> candidates = new ArrayList<>();
            for (String state : TERMINAL) {
                try (PreparedStatement select = connection.prepareStatement("SELECT id, status_ts_ms FROM a2a_task"
                        + " WHERE state = ? ORDER BY state, status_ts_ms FETCH FIRST " + limit + " ROWS ONLY")) {
                    select.setString(1, state);
                    try (ResultSet result = select.executeQuery()) {
                        while (result.next()) {
                            candidates.add(new Candidate(result.getString(1), result.getLong(2)));
                        }
                    }
                }
            }
            candidates.sort(Comparator.comparingLong(Candidate::statusMillis).thenComparing(Candidate::id));
            List<String> ids = new ArrayList<>();
            for (Candidate candidate : candidates.subList(0, Math.min(limit, candidates.size()))) {
                ids.add(candidate.id());
            }
            return delete(connection, ids);
        });
        counted(gone);
        return gone;
    }

    /** Counts deleted tasks at once, and re-measures during a long sweep, so the health check stays current. */
    private void counted(int gone) {
        deletedSinceStart.addAndGet(gone);
        if (clock.millis() - lastMeasured >= policy.interval().toMillis()) {
            try {
                measure();
            } catch (SQLException e) {
                LOG.log(Level.FINE, "Measuring the store failed", e);
            }
        }
    }

    private static int delete(Connection connection, List<String> ids) throws SQLException {
        if (ids.isEmpty()) {
            return 0;
        }
        String in = " IN (" + String.join(",", Collections.nCopies(ids.size(), "?")) + ")";
        for (String table : TASK_TABLES) {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE task_id" + in)) {
                bind(delete, ids);
                delete.executeUpdate();
            }
        }
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM a2a_task WHERE id" + in)) {
            bind(delete, ids);
            return delete.executeUpdate();
        }
    }

    private static void bind(PreparedStatement statement, List<String> ids) throws SQLException {
        for (int i = 0; i < ids.size(); i++) {
            statement.setString(i + 1, ids.get(i));
        }
    }

    private long count() throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement count = connection.prepareStatement("SELECT COUNT(*) FROM a2a_task");
             ResultSet result = count.executeQuery()) {
            result.next();
            long tasks = result.getLong(1);
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            return tasks;
        }
    }

    /** Takes the figures the health check shows. */
    void measure() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            StoreFigures taken = new StoreFigures(StoreSize.bytes(connection), StoreSize.oldestTask(connection),
                    deletedSinceStart.get(), clock.instant());
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            figures = taken;
            lastMeasured = clock.millis();
        }
    }

    private interface Work {
        int run(Connection connection) throws SQLException;
    }

    /** Runs the work in a transaction of its own, whatever the pool's auto-commit mode. */
    private int inTransaction(Work work) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                int result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        }
    }

    @Override
    public void close() {
        ScheduledExecutorService running = schedule;
        if (running == null) {
            return;
        }
        running.shutdownNow();
        try {
            running.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
