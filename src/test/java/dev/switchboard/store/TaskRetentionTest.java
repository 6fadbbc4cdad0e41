package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.open;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskState;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskRetentionTest {
    private static final Duration DAY = Duration.ofDays(1);

    @TempDir
    Path dir;
    private TaskDatabase db;
    private HikariDataSource jdbc;
    private JpaTaskStore store;
    private JpaPushConfigStore configs;
    private final SteppingClock clock = new SteppingClock(T0);

    @BeforeEach
    void openDatabase() {
        db = open(dir);
        store = new JpaTaskStore(db.entityManagerFactory(), clock);
        configs = new JpaPushConfigStore(db.entityManagerFactory(), SecretBox.inDirectory(dir), clock);
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(dev.switchboard.config.SettingsLoader.embeddedUrl(dir));
        pool.setDriverClassName("org.h2.Driver");
        pool.setMaximumPoolSize(2);
        jdbc = new HikariDataSource(pool); // auto-commit, as a container's pool hands connections out
    }

    @AfterEach
    void closeDatabase() {
        jdbc.close();
        db.close();
    }

    @Test
    void terminalTasksGoAfterTheirAgeWithTheirEventsAndPushConfigs() throws SQLException {
        put("done-old", TaskState.COMPLETED, T0);
        put("failed-old", TaskState.FAILED, T0);
        put("canceled-old", TaskState.CANCELED, T0);
        put("rejected-old", TaskState.REJECTED, T0);
        put("done-new", TaskState.COMPLETED, T0.plus(DAY));
        configs.save(new TaskPushNotificationConfig(null, "hook", "done-old", "https://hooks.example.com/a", "tok",
                null), ProtocolVersion.V1_0, 0);
        configs.save(new TaskPushNotificationConfig(null, "hook", "done-new", "https://hooks.example.com/b", null,
                null), ProtocolVersion.V1_0, 0);
        clock.set(T0.plus(DAY).plusSeconds(1));

        TaskRetention.Sweep sweep = retention(new RetentionPolicy(DAY, Duration.ZERO, 0), 200).sweep();

        assertEquals(4, sweep.deleted());
        assertEquals(List.of("done-new"), ids("SELECT id FROM a2a_task"));
        assertEquals(List.of("done-new"), ids("SELECT DISTINCT task_id FROM a2a_task_event"));
        assertEquals(List.of("done-new"), ids("SELECT task_id FROM a2a_push_config"));
        assertTrue(store.find("done-old").isEmpty());
        assertTrue(configs.find("done-old", "hook").isEmpty());
        assertTrue(store.find("done-new").isPresent());
    }

    @Test
    void interruptedTasksKeepTheirOwnLongerAgeAndWorkingOnesAreNeverDeleted() throws SQLException {
        put("input", TaskState.INPUT_REQUIRED, T0);
        put("auth", TaskState.AUTH_REQUIRED, T0);
        put("input-newer", TaskState.INPUT_REQUIRED, T0.plus(DAY.multipliedBy(5)));
        put("working", TaskState.WORKING, T0);
        put("submitted", TaskState.SUBMITTED, T0);
        put("done", TaskState.COMPLETED, T0);
        TaskRetention retention = retention(new RetentionPolicy(DAY, DAY.multipliedBy(7), 0), 200);

        clock.set(T0.plus(DAY.multipliedBy(2)));
        assertEquals(1, retention.sweep().deleted());
        assertEquals(List.of("auth", "input", "input-newer", "submitted", "working"), ids("SELECT id FROM a2a_task"));

        clock.set(T0.plus(DAY.multipliedBy(8)));
        assertEquals(2, retention.sweep().deleted());
        assertEquals(List.of("input-newer", "submitted", "working"), ids("SELECT id FROM a2a_task"));

        clock.set(T0.plus(DAY.multipliedBy(1000)));
        retention.sweep();
        assertEquals(List.of("submitted", "working"), ids("SELECT id FROM a2a_task"));
        assertEquals(List.of("submitted", "working"), ids("SELECT DISTINCT task_id FROM a2a_task_event"));
    }

    @Test
    void zeroKeepsTasksForever() throws SQLException {
        put("done", TaskState.COMPLETED, T0);
        put("input", TaskState.INPUT_REQUIRED, T0);
        clock.set(T0.plus(DAY.multipliedBy(100_000)));

        assertEquals(0, retention(RetentionPolicy.FOREVER, 200).sweep().deleted());
        assertEquals(List.of("done", "input"), ids("SELECT id FROM a2a_task"));
    }

    @Test
    void beyondTheMaximumTheOldestTerminalTasksGoFirst() throws SQLException {
        put("working-oldest", TaskState.WORKING, T0);
        put("input-old", TaskState.INPUT_REQUIRED, T0.plusSeconds(1));
        put("failed-1", TaskState.FAILED, T0.plusSeconds(2));
        put("done-2", TaskState.COMPLETED, T0.plusSeconds(3));
        put("canceled-3", TaskState.CANCELED, T0.plusSeconds(4));
        put("done-4", TaskState.COMPLETED, T0.plusSeconds(5));
        TaskRetention retention = retention(new RetentionPolicy(Duration.ZERO, Duration.ZERO, 4), 200);

        assertEquals(2, retention.sweep().deleted());
        assertEquals(List.of("canceled-3", "done-4", "input-old", "working-oldest"), ids("SELECT id FROM a2a_task"));

        // only working and waiting tasks beyond the maximum: they stay
        TaskRetention tight = retention(new RetentionPolicy(Duration.ZERO, Duration.ZERO, 1), 200);
        assertEquals(2, tight.sweep().deleted());
        assertEquals(List.of("input-old", "working-oldest"), ids("SELECT id FROM a2a_task"));
    }

    @Test
    void manyTasksGoInBatchesOfTheGivenSize() throws SQLException {
        for (int i = 0; i < 130; i++) {
            put("done-" + i, TaskState.COMPLETED, T0.plusMillis(i));
        }
        put("done-new", TaskState.COMPLETED, T0.plus(DAY));
        clock.set(T0.plus(DAY).plusSeconds(1));

        TaskRetention.Sweep sweep = retention(new RetentionPolicy(DAY, Duration.ZERO, 0), 25).sweep();

        assertEquals(130, sweep.deleted());
        // 6 batches of COMPLETED (the last one finds none left), one empty one for each other terminal state
        assertEquals(6 + 3, sweep.transactions());
        assertEquals(List.of("done-new"), ids("SELECT id FROM a2a_task"));
    }

    @Test
    void beyondTheMaximumManyTasksGoInBatchesToo() throws SQLException {
        for (int i = 0; i < 60; i++) {
            put("done-" + i, TaskState.COMPLETED, T0.plusMillis(i));
        }
        TaskRetention.Sweep sweep = retention(new RetentionPolicy(Duration.ZERO, Duration.ZERO, 10), 20).sweep();

        assertEquals(50, sweep.deleted());
        assertEquals(3, sweep.transactions());
        assertEquals(10, ids("SELECT id FROM a2a_task").size());
        assertTrue(ids("SELECT id FROM a2a_task").contains("done-59"));
    }

    @Test
    void writersGoOnWhileRetentionDeletesManyTasks() throws Exception {
        for (int i = 0; i < 1000; i++) {
            put("old-" + i, TaskState.COMPLETED, T0.plusMillis(i));
        }
        clock.set(T0.plus(DAY).plusSeconds(1));
        TaskRetention retention = retention(new RetentionPolicy(DAY, Duration.ZERO, 0), 50);
        java.util.concurrent.CompletableFuture<TaskRetention.Sweep> sweeping =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return retention.sweep();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
        long started = System.nanoTime();
        long slowest = 0;
        int written = 0;
        while (!sweeping.isDone()) {
            long before = System.nanoTime();
            put("new-" + written, TaskState.COMPLETED, T0.plus(DAY));
            slowest = Math.max(slowest, System.nanoTime() - before);
            written++;
        }
        long sweepNanos = System.nanoTime() - started;
        TaskRetention.Sweep sweep = sweeping.join();

        assertEquals(1000, sweep.deleted());
        assertTrue(sweep.transactions() >= 20, sweep.toString());
        assertTrue(written >= 3, "only " + written + " tasks were written during a sweep of " + sweepNanos / 1_000_000 + " ms");
        assertTrue(slowest < sweepNanos / 2, "a write waited " + slowest / 1_000_000 + " ms of a sweep of "
                + sweepNanos / 1_000_000 + " ms");
        assertEquals(written, ids("SELECT id FROM a2a_task").size());
    }

    @Test
    void figuresNameTheFileSizeAndTheOldestTaskKept() throws Exception {
        clock.set(T0.plusSeconds(10));
        put("first", TaskState.COMPLETED, T0);
        clock.set(T0.plusSeconds(20));
        put("second", TaskState.WORKING, T0);
        TaskRetention retention = retention(RetentionPolicy.FOREVER, 200);

        retention.measure();

        StoreFigures figures = retention.figures();
        assertNotNull(figures);
        assertEquals(java.nio.file.Files.size(dir.resolve("switchboard.mv.db")), figures.bytes());
        assertEquals(T0.plusSeconds(10), figures.oldestTask());
    }

    @Test
    void theBackgroundThreadDeletesAndMeasuresUntilClosed() throws Exception {
        put("done", TaskState.COMPLETED, T0);
        clock.set(T0.plus(DAY).plusSeconds(1));
        TaskRetention running = retention(new RetentionPolicy(DAY, Duration.ZERO, 0), 200).start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while ((running.figures() == null || running.figures().deleted() == 0) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(1, running.figures().deleted());
            assertEquals(null, running.figures().oldestTask());
            assertTrue(store.find("done").isEmpty());
        } finally {
            running.close();
        }
    }

    private TaskRetention retention(RetentionPolicy policy, int batch) {
        return new TaskRetention(jdbc, policy, clock, batch);
    }

    /** A task in the given state, last changed at {@code changed}, with two events. */
    private void put(String id, TaskState state, Instant changed) {
        Task task = task(id, "ctx", state, changed);
        store.create(task, "alice", null, List.of(task, statusEvent(task)));
    }

    private List<String> ids(String sql) throws SQLException {
        try (Connection connection = jdbc.getConnection();
             PreparedStatement query = connection.prepareStatement(sql + " ORDER BY 1");
             ResultSet result = query.executeQuery()) {
            List<String> ids = new java.util.ArrayList<>();
            while (result.next()) {
                ids.add(result.getString(1));
            }
            return ids;
        }
    }

    /** A clock that stands still until a test moves it. */
    static final class SteppingClock extends StoreTesting.MillisClock {
        private final AtomicLong millis;

        SteppingClock(Instant start) {
            this.millis = new AtomicLong(start.toEpochMilli());
        }

        void set(Instant instant) {
            millis.set(instant.toEpochMilli());
        }

        @Override
        public long millis() {
            return millis.get();
        }
    }
}
