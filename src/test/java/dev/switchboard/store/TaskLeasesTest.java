package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.observe.Metrics;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The leases on running tasks, on each database the server supports: stamped, renewed, expired. */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#both")
class TaskLeasesTest extends OnEachBackend {
    private static final Duration LEASE = Duration.ofSeconds(30);

    private final StoreTesting.SettableClock clock = new StoreTesting.SettableClock(T0);
    private TaskStore store;

    @BeforeEach
    void openStore() {
        store = new JpaTaskStore(db.entityManagerFactory(), clock, true, Metrics.off(), LEASE);
    }

    private Task create(String id, TaskState state, String runner) {
        Task task = task(id, "ctx", state, clock.instant());
        store.create(task, null, runner, List.of(task));
        return task;
    }

    private Optional<Appended> setState(String id, TaskState state, String runner) {
        return store.update(id, current -> Optional.of(new TaskChange.Result(current.withStatus(
                new TaskStatus(state, null, clock.instant())), List.of(statusEvent(current)), runner)));
    }

    private Long leaseUntil(String id) throws SQLException {
        try (Connection connection = place.connect();
             PreparedStatement query = connection.prepareStatement("select lease_until_ms from a2a_task where id = ?")) {
            query.setString(1, id);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                long value = row.getLong(1);
                return row.wasNull() ? null : value;
            }
        }
    }

    private Runner runnerSeen(String id) {
        Runner[] seen = new Runner[1];
        store.update(id, TaskChange.byRunner((current, runner) -> {
            seen[0] = runner;
            return Optional.empty();
        }));
        return seen[0];
    }

    @Test
    void aWriteNamingARunnerGivesItAFullLeaseAndOneNamingNoneClearsIt() throws SQLException {
        create("run", TaskState.WORKING, "a");
        create("idle", TaskState.INPUT_REQUIRED, null);
        assertEquals(T0.plus(LEASE).toEpochMilli(), leaseUntil("run"));
        assertNull(leaseUntil("idle"));

        clock.advance(Duration.ofSeconds(7));
        setState("run", TaskState.WORKING, "a");
        assertEquals(T0.plusSeconds(37).toEpochMilli(), leaseUntil("run"), "each write renews it");
        setState("idle", TaskState.WORKING, "b");
        assertEquals(T0.plusSeconds(37).toEpochMilli(), leaseUntil("idle"));
        setState("run", TaskState.COMPLETED, null);
        assertNull(leaseUntil("run"), "a finished task is held by no one");
    }

    @Test
    void aChangeIsToldWhoRunsTheTaskAndWhetherItsLeaseHolds() {
        create("t", TaskState.WORKING, "a");
        create("free", TaskState.WORKING, null);
        assertEquals(new Runner("a", true), runnerSeen("t"));
        assertSame(Runner.NONE, runnerSeen("free"));
        clock.advance(LEASE.minusMillis(1));
        assertEquals(new Runner("a", true), runnerSeen("t"));
        clock.advance(Duration.ofMillis(1));
        assertEquals(new Runner("a", false), runnerSeen("t"), "the lease ran out");
    }

    @Test
    void aChangeThatRefusesWritesNothingAndReleasesTheTask() {
        Task created = create("t", TaskState.WORKING, "a");
        IllegalStateException refusal = new IllegalStateException("refused");
        assertSame(refusal, assertThrows(IllegalStateException.class, () -> store.update("t",
                TaskChange.byRunner((current, runner) -> {
                    throw refusal;
                }))));
        assertEquals(created, store.find("t").orElseThrow().task());
        assertEquals(2, setState("t", TaskState.COMPLETED, null).orElseThrow().lastSeq(), "the row is not left locked");
    }

    @Test
    void aRunnerRenewsItsSubmittedAndWorkingTasksAndThoseWithATurnInProgress() throws SQLException {
        create("working", TaskState.WORKING, "a");
        create("submitted", TaskState.SUBMITTED, "a");
        create("waiting", TaskState.INPUT_REQUIRED, "a"); // a follow-up taken in, the agent not reported yet
        create("ended", TaskState.INPUT_REQUIRED, "a"); // the same, after the turn ended
        create("other", TaskState.WORKING, "b");
        create("done", TaskState.COMPLETED, null);
        clock.advance(Duration.ofSeconds(10));

        store.renewLeases("a", Set.of("waiting"));

        long renewed = T0.plusSeconds(40).toEpochMilli();
        long original = T0.plus(LEASE).toEpochMilli();
        assertEquals(renewed, leaseUntil("working"));
        assertEquals(renewed, leaseUntil("submitted"));
        assertEquals(renewed, leaseUntil("waiting"));
        assertEquals(original, leaseUntil("ended"), "no turn runs it: its lease runs out");
        assertEquals(original, leaseUntil("other"), "another instance's task");
        assertNull(leaseUntil("done"));
    }

    @Test
    void renewalsOfManyTurnsTakeThemAll() throws SQLException {
        List<String> turns = new ArrayList<>();
        for (int i = 0; i < 1203; i++) {
            turns.add("turn-" + i);
        }
        for (String id : List.of("turn-0", "turn-499", "turn-500", "turn-1202")) {
            create(id, TaskState.AUTH_REQUIRED, "a");
        }
        clock.advance(Duration.ofSeconds(5));
        store.renewLeases("a", turns);
        for (String id : List.of("turn-0", "turn-499", "turn-500", "turn-1202")) {
            assertEquals(T0.plusSeconds(35).toEpochMilli(), leaseUntil(id), id);
        }
    }

    @Test
    void expiredLeasesAreThoseOfOtherInstancesRunningTasksOnly() {
        create("a-working", TaskState.WORKING, "a");
        create("a-submitted", TaskState.SUBMITTED, "a");
        create("a-waiting", TaskState.INPUT_REQUIRED, "a");
        create("b-working", TaskState.WORKING, "b");
        create("free", TaskState.WORKING, null);
        assertEquals(List.of(), store.expiredLeases("b"), "every lease holds");
        clock.advance(Duration.ofSeconds(20));
        create("a-late", TaskState.WORKING, "a");
        clock.advance(Duration.ofSeconds(10));

        assertEquals(Set.of("a-working", "a-submitted"), Set.copyOf(store.expiredLeases("b")));
        assertEquals(List.of("b-working"), store.expiredLeases("a"));
        assertEquals(List.of(), store.expiredLeases("a").stream().filter(id -> id.startsWith("a-")).toList(),
                "an instance never finds its own tasks expired: it is alive");
        store.renewLeases("a", Set.of());
        assertEquals(List.of(), store.expiredLeases("b"), "renewed");
    }

    @Test
    void aRowWithoutALeaseCountsAsLeasedForALeaseAfterItsStatusChanged() throws SQLException {
        create("old", TaskState.WORKING, "a");
        try (Connection connection = place.connect()) {
            connection.setAutoCommit(true);
            connection.createStatement().executeUpdate("update a2a_task set lease_until_ms = null where id = 'old'");
        }
        clock.advance(LEASE.minusMillis(1));
        assertEquals(List.of(), store.expiredLeases("b"));
        assertEquals(new Runner("a", true), runnerSeen("old"));
        clock.advance(Duration.ofMillis(1));
        assertEquals(List.of("old"), store.expiredLeases("b"));
        assertEquals(new Runner("a", false), runnerSeen("old"));
    }
}
