package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static dev.switchboard.store.StoreTesting.tasks;
import static dev.switchboard.store.StoreTesting.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a task's row holds of the task, on each database: nothing where the task's events tell it,
 * a snapshot where they do not or where its log grows long, and every read gives the same task.
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#all")
class TaskSnapshotsTest extends OnEachBackend {
    private static final TaskQuery ALL = new TaskQuery(null, null, null, null, null, 100);

    private TaskStore store;

    @BeforeEach
    void openStore() {
        store = tasks(db, new StoreTesting.TickingClock(T0));
    }

    @Test
    void aTaskCreatedCompleteIsStoredOnceInItsEvents() {
        Task submitted = task("t1", "c1", TaskState.SUBMITTED, T0);
        Artifact answer = new Artifact("a1", "answer", null, List.of(Part.text("forty-two")), null, List.of());
        Task withArtifact = TaskStateMachine.artifact(submitted, answer, false).orElseThrow();
        Task done = TaskStateMachine.status(withArtifact, new TaskStatus(TaskState.COMPLETED,
                user("m-agent", "c1", "t1", "done"), T0.plusMillis(3))).orElseThrow();
        store.create(done, "alice", null, List.of(submitted,
                new TaskArtifactUpdateEvent("t1", "c1", answer, false, true, null), statusEvent(done)));

        assertEquals(new Row(null, 0, 3), row("t1"), "no JSON in the row");
        assertEquals(done, store.find("t1").orElseThrow().task());
        assertEquals(List.of(done), store.list(ALL).tasks());
        assertEquals(List.of(done), store.conversation("c1", "alice", null, 10));
    }

    @Test
    void aChangeItsEventsDoNotTellStoresTheSnapshotAndLaterEventsReplayOverIt() {
        Task submitted = task("t1", "c1", TaskState.SUBMITTED, T0);
        store.create(submitted, null, null, List.of(submitted));
        Task inputRequired = change(submitted, new TaskStatus(TaskState.INPUT_REQUIRED,
                user("m-ask", "c1", "t1", "which one?"), T0.plusMillis(1)));
        assertEquals(new Row(null, 0, 2), row("t1"));

        // a follow-up message enters the history with no event of its own
        Task answered = TaskStateMachine.followUp(inputRequired, user("m-two", "c1", "t1", "the second")).orElseThrow();
        store.update("t1", current -> Optional.of(new TaskChange.Result(
                TaskStateMachine.followUp(current, user("m-two", "c1", "t1", "the second")).orElseThrow(),
                List.of(), null)));
        assertEquals(new Row(answered, 2, 2), row("t1"), "the row holds the task its log cannot tell");

        Task working = change(answered, new TaskStatus(TaskState.WORKING, null, T0.plusMillis(2)));
        assertEquals(new Row(answered, 2, 3), row("t1"), "the snapshot stays; the new event is replayed over it");
        assertEquals(working, store.find("t1").orElseThrow().task());
        assertEquals(List.of(working), store.list(ALL).tasks());
    }

    @Test
    void aLongLogIsSnapshottedSoAReadReplaysAFewEntriesOnly() {
        Task working = task("t1", "c1", TaskState.WORKING, T0);
        store.create(working, null, null, List.of(working));
        Task expected = working;
        for (int chunk = 0; chunk < 3 * TaskLog.MAX_TAIL; chunk++) {
            Artifact part = new Artifact("a1", null, null, List.of(Part.text("chunk " + chunk + " ")), null,
                    List.of());
            boolean append = chunk > 0;
            expected = TaskStateMachine.artifact(expected, part, append).orElseThrow();
            store.update("t1", current -> TaskStateMachine.artifact(current, part, append)
                    .map(next -> new TaskChange.Result(next, List.<StreamEvent>of(
                            new TaskArtifactUpdateEvent("t1", "c1", part, append, false, null)), null)));
            Row row = row("t1");
            assertTrue(row.lastSeq() - row.snapshotSeq() <= TaskLog.MAX_TAIL, "entries beyond the snapshot: "
                    + (row.lastSeq() - row.snapshotSeq()));
        }
        Row row = row("t1");
        assertNotNull(row.snapshot(), "snapshotted along the way");
        assertEquals(1 + 3 * TaskLog.MAX_TAIL, row.lastSeq());
        assertEquals(expected, store.find("t1").orElseThrow().task());
        assertEquals(List.of(expected), store.list(ALL).tasks());
        assertEquals(3 * TaskLog.MAX_TAIL, expected.artifacts().get(0).parts().size());
    }

    @Test
    void aTaskWhoseLogIsGoneIsNotRead() {
        Task submitted = task("t1", "c1", TaskState.SUBMITTED, T0);
        store.create(submitted, null, null, List.of(submitted));
        db.entityManagerFactory().runInTransaction(em ->
                em.createNativeQuery("delete from a2a_task_event where task_id = 't1'").executeUpdate());

        assertEquals(Optional.empty(), store.find("t1"));
        assertEquals(List.of(), store.list(ALL).tasks());
    }

    private Task change(Task task, TaskStatus status) {
        Task next = TaskStateMachine.status(task, status).orElseThrow();
        store.update(task.id(), current -> TaskStateMachine.status(current, status)
                .map(moved -> new TaskChange.Result(moved, List.of(statusEvent(moved)), null)));
        return next;
    }

    private Row row(String id) {
        Object[] row = db.entityManagerFactory().callInTransaction(em -> (Object[]) em.createNativeQuery(
                        "select task_json, snapshot_seq, last_seq from a2a_task where id = ?1")
                .setParameter(1, id).getSingleResult());
        String json = row[0] == null ? null : row[0] instanceof java.sql.Clob clob ? text(clob) : row[0].toString();
        return new Row(json == null ? null : JsonColumns.task(json), ((Number) row[1]).longValue(),
                ((Number) row[2]).longValue());
    }

    private static String text(java.sql.Clob clob) {
        try {
            return clob.getSubString(1, (int) clob.length());
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Row(Task snapshot, long snapshotSeq, long lastSeq) {
    }
}
