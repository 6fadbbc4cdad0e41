package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.tasks;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.TaskStateMachine;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The task store's contract, on each database the server supports. */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#all")
class JpaTaskStoreTest extends OnEachBackend {
    private TaskStore store;

    @BeforeEach
    void openStore() {
        store = tasks(db, new StoreTesting.TickingClock(T0));
    }

    @Test
    void createStoresTheSnapshotOwnerAndEventsNumberedFromOne() {
        Task task = task("t1", "c1", TaskState.SUBMITTED, T0);
        Task working = task.withStatus(new TaskStatus(TaskState.WORKING, null, T0.plusMillis(5)));
        Appended appended = store.create(working, "alice", "r1", List.of(task, statusEvent(working)));

        assertEquals(working, appended.task());
        assertEquals(List.of(1L, 2L), appended.events().stream().map(StoredEvent::seq).toList());
        assertEquals(2, appended.lastSeq());
        StoredTask found = store.find("t1").orElseThrow();
        assertEquals(working, found.task());
        assertEquals("alice", found.owner());
        assertEquals(2, found.lastSeq());
        assertEquals(List.of(new StoredEvent(1, task), new StoredEvent(2, statusEvent(working))),
                store.eventsAfter("t1", 0));
        assertEquals(List.of(new StoredEvent(2, statusEvent(working))), store.eventsAfter("t1", 1));
        assertEquals(List.of(), store.eventsAfter("t1", 2));
        assertEquals(List.of(), store.eventsAfter("unknown", 0));
        assertEquals(Optional.empty(), store.find("unknown"));
    }

    @Test
    void createRefusesAnExistingId() {
        Task task = task("dup", "c1", TaskState.SUBMITTED, T0);
        store.create(task, null, null, List.of(task));
        Task other = task("dup", "c2", TaskState.WORKING, T0);
        assertThrows(IllegalStateException.class, () -> store.create(other, null, null, List.of(other)));
        assertEquals(task, store.find("dup").orElseThrow().task());
        assertEquals(1, store.eventsAfter("dup", 0).size());
    }

    @Test
    void updateAppendsEventsWithTheNextNumbersInOrder() {
        Task task = task("t1", "c1", TaskState.SUBMITTED, T0);
        store.create(task, null, "r1", List.of(task));
        TaskStatus working = new TaskStatus(TaskState.WORKING, null, T0.plusSeconds(1));
        Artifact artifact = Artifact.of("a1", "out", List.of(Part.text("x")));

        Optional<Appended> first = store.update("t1", current -> TaskStateMachine.status(current, working)
                .map(next -> new TaskChange.Result(next, List.of(statusEvent(next)), "r1")));
        Optional<Appended> second = store.update("t1", current -> TaskStateMachine.artifact(current, artifact, false)
                .map(next -> new TaskChange.Result(next, List.of(
                        new TaskArtifactUpdateEvent("t1", "c1", artifact, false, false, null),
                        new TaskArtifactUpdateEvent("t1", "c1", artifact, false, true, null)), "r1")));

        assertEquals(List.of(2L), first.orElseThrow().events().stream().map(StoredEvent::seq).toList());
        assertEquals(TaskState.WORKING, first.orElseThrow().task().status().state());
        assertEquals(List.of(3L, 4L), second.orElseThrow().events().stream().map(StoredEvent::seq).toList());
        StoredTask stored = store.find("t1").orElseThrow();
        assertEquals(4, stored.lastSeq());
        assertEquals(TaskState.WORKING, stored.task().status().state());
        assertEquals(List.of(artifact), stored.task().artifacts());
        List<StoredEvent> log = store.eventsAfter("t1", 0);
        assertEquals(List.of(1L, 2L, 3L, 4L), log.stream().map(StoredEvent::seq).toList());
        assertEquals(task, log.get(0).event());
        assertEquals(new TaskStatusUpdateEvent("t1", "c1", working, null), log.get(1).event());
        assertEquals(false, ((TaskArtifactUpdateEvent) log.get(2).event()).lastChunk());
        assertEquals(true, ((TaskArtifactUpdateEvent) log.get(3).event()).lastChunk());
    }

    @Test
    void updateOfAnUnknownTaskIsEmptyAndNeverCallsTheChange() {
        AtomicInteger calls = new AtomicInteger();
        Optional<Appended> result = store.update("nope", current -> {
            calls.incrementAndGet();
            return Optional.of(new TaskChange.Result(current, List.of(), null));
        });
        assertEquals(Optional.empty(), result);
        assertEquals(0, calls.get());
        assertEquals(Optional.empty(), store.find("nope"));
    }

    @Test
    void aDeclinedChangeWritesNothing() {
        Task done = task("t1", "c1", TaskState.COMPLETED, T0);
        store.create(done, "alice", "r1", List.of(done));
        TaskStatus failed = new TaskStatus(TaskState.FAILED, null, T0.plusSeconds(1));

        Optional<Appended> result = store.update("t1", current -> TaskStateMachine.status(current, failed)
                .map(next -> new TaskChange.Result(next, List.of(statusEvent(next)), null)));

        assertEquals(Optional.empty(), result);
        StoredTask stored = store.find("t1").orElseThrow();
        assertEquals(done, stored.task());
        assertEquals(1, stored.lastSeq());
        assertEquals(List.of(new StoredEvent(1, done)), store.eventsAfter("t1", 0));
        assertEquals(List.of(), store.runningOn("r1"), "a completed task is running nowhere");
    }

    @Test
    void updateRecordsTheRunnerOfTheResult() {
        Task task = task("t1", "c1", TaskState.WORKING, T0);
        store.create(task, null, "r1", List.of(task));
        Task other = task("t2", "c1", TaskState.WORKING, T0);
        store.create(other, null, "r2", List.of(other));
        Task unowned = task("t3", "c1", TaskState.WORKING, T0);
        store.create(unowned, null, null, List.of(unowned));
        assertEquals(List.of("t1"), store.runningOn("r1"));
        assertEquals(List.of("t2"), store.runningOn("r2"));

        store.update("t1", current -> Optional.of(new TaskChange.Result(current, List.of(), null)));
        store.update("t2", current -> Optional.of(new TaskChange.Result(current, List.of(), "r1")));

        assertEquals(List.of("t2"), store.runningOn("r1"));
        assertEquals(List.of(), store.runningOn("r2"));
        assertEquals(List.of(), store.runningOn("r3"));
    }

    @Test
    void conversationIsOldestFirstAndExcludesTheGivenTaskAndOtherContextsAndOwners() {
        for (String id : List.of("b-first", "a-second", "c-third", "d-fourth")) {
            Task task = task(id, "conv", TaskState.COMPLETED, T0);
            store.create(task, "alice", null, List.of(task));
        }
        Task elsewhere = task("e-other-context", "other", TaskState.COMPLETED, T0);
        store.create(elsewhere, "alice", null, List.of(elsewhere));
        Task bobs = task("f-bob", "conv", TaskState.COMPLETED, T0);
        store.create(bobs, "bob", null, List.of(bobs));

        assertEquals(List.of("b-first", "a-second", "d-fourth"),
                ids(store.conversation("conv", "alice", "c-third", 20)));
        assertEquals(List.of("b-first", "a-second", "c-third", "d-fourth", "f-bob"),
                ids(store.conversation("conv", null, null, 20)));
        assertEquals(List.of("c-third", "d-fourth"), ids(store.conversation("conv", "alice", null, 2)),
                "a limit keeps the most recent tasks, still oldest first");
        assertEquals(List.of(), store.conversation("nobody", "alice", null, 20));
    }

    @Test
    void everythingSurvivesClosingAndReopeningTheDatabase() {
        Task task = task("t1", "c1", TaskState.SUBMITTED, T0);
        store.create(task, "alice", "r1", List.of(task));
        TaskStatus done = new TaskStatus(TaskState.COMPLETED, null, T0.plusSeconds(2));
        Task completed = store.update("t1", current -> TaskStateMachine.status(current, done)
                .map(next -> new TaskChange.Result(next, List.of(statusEvent(next)), null))).orElseThrow().task();
        Task second = task("t2", "c1", TaskState.WORKING, T0.plusSeconds(1));
        store.create(second, "bob", "r1", List.of(second));
        List<StoredEvent> log = store.eventsAfter("t1", 0);

        db.close();
        db = place.open();
        store = tasks(db, new StoreTesting.TickingClock(T0.plusSeconds(60)));

        assertEquals(new StoredTask(completed, "alice", 2), store.find("t1").orElseThrow());
        assertEquals(new StoredTask(second, "bob", 1), store.find("t2").orElseThrow());
        assertEquals(log, store.eventsAfter("t1", 0));
        assertEquals(List.<StreamEvent>of(task, statusEvent(completed)),
                log.stream().map(StoredEvent::event).toList());
        assertEquals(List.of("t2"), store.runningOn("r1"));
        TaskPage page = store.list(new TaskQuery(null, "c1", null, null, null, 10));
        assertEquals(List.of("t1", "t2"), ids(page.tasks()));
        assertEquals(2, page.totalSize());
        Optional<Appended> next = store.update("t2", current -> Optional.of(
                new TaskChange.Result(current, List.of(statusEvent(current)), null)));
        assertEquals(List.of(2L), next.orElseThrow().events().stream().map(StoredEvent::seq).toList(),
                "numbering continues after a restart");
        assertTrue(store.runningOn("r1").isEmpty());
    }

    static List<String> ids(List<Task> tasks) {
        return tasks.stream().map(Task::id).toList();
    }
}
