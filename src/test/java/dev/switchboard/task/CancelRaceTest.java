package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.awaitUninterruptibly;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client cancels while the agent completes, many times over: whichever gets there first, the
 * task ends in exactly one terminal state, the log has exactly one terminal event, and every
 * party is told the truth.
 */
class CancelRaceTest {
    private static final int ROUNDS = 200;

    /** One round's agent: reports working, then completes when released, ignoring interrupts. */
    private static final class Round {
        final CountDownLatch working = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch finished = new CountDownLatch(1);
        volatile String taskId;
        volatile Boolean completeAccepted;
    }

    @TempDir
    Path dir;
    private TaskDatabase db;
    private ServiceHarness harness;
    private ExecutorService racers;
    private volatile Round current;

    @BeforeEach
    void start() {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, (request, updater) -> {
            Round round = current;
            try {
                round.taskId = request.taskId();
                updater.working();
                round.working.countDown();
                awaitUninterruptibly(round.release);
                round.completeAccepted = updater.complete("finished");
            } finally {
                round.finished.countDown();
            }
        });
        racers = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void stop() throws InterruptedException {
        racers.shutdownNow();
        assertTrue(racers.awaitTermination(5, TimeUnit.SECONDS));
        harness.close();
        db.close();
    }

    @Test
    void cancelAndCompleteRaceAndExactlyOneTerminalStateWins() throws Exception {
        TaskService service = harness.service;
        Map<TaskState, Integer> outcomes = new EnumMap<>(TaskState.class);
        for (int i = 0; i < ROUNDS; i++) {
            Round round = new Round();
            current = round;
            CompletionStage<SendMessageResult> sent = service.send(request(user("race " + i, "ctx-race", null)),
                    by("alice"));
            ServiceHarness.await(round.working, "the agent to work in round " + i);
            String taskId = round.taskId;

            CyclicBarrier go = new CyclicBarrier(2);
            Future<?> completer = racers.submit(() -> {
                go.await();
                round.release.countDown();
                return null;
            });
            Future<Object> canceler = racers.submit(() -> {
                go.await();
                try {
                    return service.cancel(new CancelTaskRequest(null, taskId, null), by("alice"));
                } catch (A2AException e) {
                    return e;
                }
            });
            completer.get(5, TimeUnit.SECONDS);
            Object canceled = canceler.get(5, TimeUnit.SECONDS);
            Task answered = awaitTask(sent);
            ServiceHarness.await(round.finished, "the agent to return in round " + i);
            ServiceHarness.eventually(() -> service.runningCount() == 0, "the turn to end in round " + i);

            StoredTask stored = harness.store.find(taskId).orElseThrow();
            TaskState finalState = stored.task().status().state();
            String where = "round " + i + ": " + finalState + ", cancel gave " + canceled;
            assertTrue(finalState == TaskState.COMPLETED || finalState == TaskState.CANCELED, where);
            List<TaskState> logged = harness.loggedStates(taskId);
            assertEquals(1, logged.stream().filter(TaskState::isTerminal).count(), where + ", log " + logged);
            assertEquals(List.of(TaskState.WORKING, finalState), logged, where);
            assertEquals(3, stored.lastSeq(), where);
            if (canceled instanceof Task task) {
                assertEquals(TaskState.CANCELED, finalState, where);
                assertEquals(TaskState.CANCELED, task.status().state(), where);
                assertEquals(Boolean.FALSE, round.completeAccepted, where + ": the agent was told it lost");
            } else if (canceled instanceof A2AException e) {
                assertEquals(A2AError.TASK_NOT_CANCELABLE, e.error(), where);
                assertEquals(TaskState.COMPLETED, finalState, where);
                assertEquals(Boolean.TRUE, round.completeAccepted, where + ": the agent was told it won");
            } else {
                fail(where);
            }
            // never the state that lost; WORKING is a known stale answer, see CancelDuringTurnTest
            TaskState seen = answered.status().state();
            assertTrue(seen == finalState, where + ": the blocking send saw " + seen);
            outcomes.merge(finalState, 1, Integer::sum);
        }
        assertEquals(ROUNDS, outcomes.values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(outcomes.containsKey(TaskState.COMPLETED) && outcomes.containsKey(TaskState.CANCELED),
                "both sides won some rounds, so the race was real: " + outcomes);
        assertEquals(0, harness.events.listenerCount(), "no waiter left behind");
    }
}
