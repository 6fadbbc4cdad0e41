package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.TaskStateMachine;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One round of a client cancelling a working task while its agent completes it, the two writes
 * started together: whichever store each goes through, exactly one wins, and every reader sees
 * the winner's state as the log's second and last entry.
 */
final class TerminalRace {
    private TerminalRace() {
    }

    static void run(ExecutorService threads, String id, TaskStore creator, TaskStore completer, TaskStore canceler,
                    List<TaskStore> readers) throws Exception {
        Task task = task(id, "ctx", TaskState.WORKING, T0);
        creator.create(task, null, "r", List.of(task));
        CyclicBarrier start = new CyclicBarrier(2);
        Future<Optional<Appended>> completing = threads.submit(() -> {
            start.await();
            return completer.update(id, finish(TaskState.COMPLETED));
        });
        Future<Optional<Appended>> canceling = threads.submit(() -> {
            start.await();
            return canceler.update(id, finish(TaskState.CANCELED));
        });
        Optional<Appended> completed = completing.get(10, TimeUnit.SECONDS);
        Optional<Appended> canceled = canceling.get(10, TimeUnit.SECONDS);

        assertTrue(completed.isPresent() ^ canceled.isPresent(), "exactly one writer wins on " + id);
        TaskState winner = completed.isPresent() ? TaskState.COMPLETED : TaskState.CANCELED;
        assertEquals(List.of(2L), completed.orElseGet(canceled::orElseThrow).events().stream()
                .map(StoredEvent::seq).toList());
        for (TaskStore store : readers) {
            StoredTask stored = store.find(id).orElseThrow();
            assertEquals(winner, stored.task().status().state(), id);
            assertEquals(2, stored.lastSeq());
            List<StoredEvent> log = store.eventsAfter(id, 0);
            assertEquals(List.of(1L, 2L), log.stream().map(StoredEvent::seq).toList());
            assertEquals(winner, ((TaskStatusUpdateEvent) log.get(1).event()).status().state(), id);
        }
    }

    /** The change that moves a task to a terminal state, declined when it is terminal already. */
    static TaskChange finish(TaskState state) {
        TaskStatus status = new TaskStatus(state, null, T0.plusSeconds(1));
        return current -> TaskStateMachine.status(current, status)
                .map(next -> new TaskChange.Result(next, List.of(statusEvent(next)), null));
    }
}
