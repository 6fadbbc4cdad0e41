package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.eventually;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.text;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TestPostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two instances, a and b, on one database, with one clock the test moves: the instance running a
 * task's agent holds a lease on it; when it stops renewing, the other fails the task as a restart
 * would, and until then it refuses to start a second turn on it.
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(ExecutionLeaseTest.Shared.class)
class ExecutionLeaseTest {
    private static final Duration LEASE = Duration.ofSeconds(30);

    /** The database the instances share: H2 opened once in this JVM, or PostgreSQL with a pool per instance. */
    enum Shared { H2, POSTGRESQL }

    @Parameter
    Shared shared;
    @TempDir
    Path dir;
    private final StoreTesting.SettableClock clock = new StoreTesting.SettableClock(StoreTesting.T0);
    /** Each permit lets one waiting agent finish its turn. */
    private final Semaphore release = new Semaphore(0);
    private final CountDownLatch waiting = new CountDownLatch(1);
    private TaskDatabase first;
    private TaskDatabase second;
    private ServiceHarness a;
    private ServiceHarness b;
    private SteppingStore bStore;

    /** "work": working until released, then completed; "ask": input required; "hold": reports nothing until released. */
    private final AgentExecutor agent = (request, updater) -> {
        switch (text(request.message())) {
            case "work" -> {
                updater.working();
                waiting.countDown();
                release.acquire();
                updater.complete("done");
            }
            case "ask" -> updater.requireInput("more?");
            case "hold" -> {
                waiting.countDown();
                release.acquire();
            }
            default -> updater.complete("ok");
        }
    };

    @BeforeEach
    void startInstances() {
        if (shared == Shared.H2) {
            first = StoreTesting.open(dir);
            second = first;
        } else {
            String url = TestPostgres.shared().createDatabase();
            first = TaskDatabase.open(url, null, null, 4);
            second = TaskDatabase.open(url, null, null, 4);
        }
        a = new ServiceHarness(first, agent, "a", clock, LEASE, UnaryOperator.identity());
        b = new ServiceHarness(second, agent, "b", clock, LEASE, store -> bStore = new SteppingStore(store));
    }

    @AfterEach
    void stopInstances() throws InterruptedException {
        release.release(100);
        for (ServiceHarness harness : new ServiceHarness[] {a, b}) {
            if (harness != null) {
                harness.close();
            }
        }
        first.close();
        if (second != first) {
            second.close();
        }
    }

    /** A task a's agent works on until released. */
    private String workingOnA() throws Exception {
        String taskId = awaitTask(a.service.send(request(user("work", null, null), null, true), by("alice"))).id();
        ServiceHarness.await(waiting, "the agent at work");
        eventually(() -> a.storedState(taskId) == TaskState.WORKING, "the task working");
        return taskId;
    }

    private RecordingSink subscribeOnB(String taskId) {
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, taskId), null, by("alice"), sink);
        return sink;
    }

    private void followUpOnB(String taskId) throws Exception {
        awaitTask(b.service.send(request(user("more", null, taskId)), by("alice")));
    }

    private static TaskState lastState(RecordingSink sink) {
        return sink.events().get(sink.events().size() - 1) instanceof TaskStatusUpdateEvent update
                ? update.status().state() : null;
    }

    @Test
    void aStoppedInstancesRunningTaskIsFailedByAnotherOnceItsLeaseRunsOut() throws Exception {
        String taskId = workingOnA();
        RecordingSink onB = subscribeOnB(taskId);

        clock.advance(LEASE.minusMillis(1));
        assertEquals(0, b.service.reconcileExpiredLeases(), "the lease still holds");
        assertEquals(TaskState.WORKING, b.storedState(taskId));
        clock.advance(Duration.ofMillis(1));
        assertEquals(1, b.service.reconcileExpiredLeases());

        Task failed = b.store.find(taskId).orElseThrow().task();
        assertEquals(TaskState.FAILED, failed.status().state());
        assertTrue(text(failed.status().message()).contains("restarted"), text(failed.status().message()));
        onB.awaitEnd();
        assertEquals(TaskState.FAILED, lastState(onB), "b's subscriber hears it: " + onB.events());
        release.release();
        eventually(() -> a.service.runningCount() == 0, "a's agent done");
        assertEquals(TaskState.FAILED, a.storedState(taskId), "the first terminal state stays");
        assertEquals(List.of(TaskState.WORKING, TaskState.FAILED), a.loggedStates(taskId));
        assertEquals(0, b.service.reconcileExpiredLeases());
    }

    @Test
    void aLiveInstanceKeepsItsTasksByRenewingTheirLeases() throws Exception {
        String taskId = workingOnA();
        for (int round = 0; round < 4; round++) {
            clock.advance(LEASE.dividedBy(2));
            a.service.renewLeases();
            assertEquals(0, b.service.reconcileExpiredLeases(), "round " + round);
        }
        assertEquals(TaskState.WORKING, b.storedState(taskId));
        clock.advance(LEASE);
        assertEquals(1, b.service.reconcileExpiredLeases(), "no renewal, no hold");
    }

    @Test
    void aTaskThatFinishedWhileItsLeaseWasFoundExpiredKeepsItsEnd() throws Exception {
        String taskId = workingOnA();
        clock.advance(LEASE);
        bStore.afterCall(1, taskId, () -> {
            release.release();
            try {
                eventually(() -> a.storedState(taskId) == TaskState.COMPLETED, "a's agent completing");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(0, b.service.reconcileExpiredLeases());
        assertEquals(TaskState.COMPLETED, b.storedState(taskId));
        assertEquals(List.of(TaskState.WORKING, TaskState.COMPLETED), b.loggedStates(taskId));
    }

    @Test
    void aLeaseRenewedWhileItWasFoundExpiredIsKept() throws Exception {
        String taskId = workingOnA();
        clock.advance(LEASE);
        bStore.afterCall(1, taskId, a.service::renewLeases);
        assertEquals(0, b.service.reconcileExpiredLeases(), "checked again under the task's lock");
        assertEquals(TaskState.WORKING, b.storedState(taskId));
    }

    @Test
    void tasksWaitingForInputAreKept() throws Exception {
        String asked = awaitTask(a.service.send(request(user("ask", null, null)), by("alice"))).id();
        String resumed = awaitTask(a.service.send(request(user("ask", null, null)), by("alice"))).id();
        // a follow-up taken in on a, whose agent has not reported yet when a stops
        a.service.send(request(user("hold", null, resumed), null, true), by("alice"));
        ServiceHarness.await(waiting, "the agent holding");
        clock.advance(LEASE.multipliedBy(2));
        assertEquals(0, b.service.reconcileExpiredLeases());
        assertEquals(TaskState.INPUT_REQUIRED, b.storedState(asked));
        assertEquals(TaskState.INPUT_REQUIRED, b.storedState(resumed));
    }

    @Test
    void aFollowUpOnAnotherInstanceIsRefusedWhileTheAgentWorksAndTheTaskFailedOnceItsInstanceStopped()
            throws Exception {
        String taskId = workingOnA();
        int history = a.store.find(taskId).orElseThrow().task().history().size();
        RecordingSink onB = subscribeOnB(taskId);

        A2AException busy = assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> followUpOnB(taskId));
        assertTrue(busy.getMessage().contains("still working"), busy.getMessage());
        assertEquals(history, b.store.find(taskId).orElseThrow().task().history().size(), "nothing recorded");
        assertEquals(TaskState.WORKING, b.storedState(taskId));

        clock.advance(LEASE);
        A2AException finished = assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> followUpOnB(taskId));
        assertTrue(finished.getMessage().contains("TASK_STATE_FAILED"), finished.getMessage());
        Task failed = b.store.find(taskId).orElseThrow().task();
        assertEquals(TaskState.FAILED, failed.status().state());
        assertTrue(text(failed.status().message()).contains("restarted"));
        assertEquals(history, failed.history().size(), "the refused message is not recorded");
        onB.awaitEnd();
        assertEquals(TaskState.FAILED, lastState(onB), "b's subscriber hears it: " + onB.events());
        assertEquals(0, b.service.reconcileExpiredLeases(), "already failed");
    }

    @Test
    void aTurnOnATaskWaitingForInputHoldsItOnlyUntilTheTurnEnds() throws Exception {
        String taskId = awaitTask(a.service.send(request(user("ask", null, null)), by("alice"))).id();
        a.service.send(request(user("hold", null, taskId), null, true), by("alice"));
        ServiceHarness.await(waiting, "the agent holding");
        assertEquals(TaskState.INPUT_REQUIRED, a.storedState(taskId), "the agent has not reported yet");

        assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> followUpOnB(taskId));
        clock.advance(LEASE.dividedBy(2));
        a.service.renewLeases();
        clock.advance(LEASE.dividedBy(2).plusSeconds(1));
        A2AException busy = assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> followUpOnB(taskId));
        assertTrue(busy.getMessage().contains("still working"), "renewed while the turn runs: " + busy.getMessage());

        release.release();
        eventually(() -> a.service.runningCount() == 0, "a's turn ended");
        a.service.renewLeases();
        clock.advance(LEASE);
        followUpOnB(taskId);
        assertEquals(TaskState.COMPLETED, b.storedState(taskId), "b took the next turn");
    }

    @Test
    void anInstanceThatReadTheTaskBeforeAnotherTookAFollowUpInDoesNotStartASecondTurn() throws Exception {
        String taskId = awaitTask(a.service.send(request(user("ask", null, null)), by("alice"))).id();
        // b has read the task, waiting for input, when a takes a follow-up in
        bStore.afterCall(1, taskId, () -> {
            a.service.send(request(user("hold", null, taskId), null, true), by("alice"));
            try {
                ServiceHarness.await(waiting, "a's agent holding");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        A2AException refused = assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> followUpOnB(taskId));
        assertTrue(refused.getMessage().contains("still working"), refused.getMessage());
        assertEquals(0, b.service.runningCount());
        assertEquals(List.of("ask", "more?", "hold"), b.store.find(taskId).orElseThrow().task().history().stream()
                .map(ServiceHarness::text).toList(), "b's message is not recorded");
    }
}
