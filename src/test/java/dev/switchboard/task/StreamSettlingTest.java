package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoredEvent;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Streams whose task settles as they attach, or that attach to a settled task. A 0.3 stream that
 * ends because its task is terminal or waits for the client ends with a status update in that
 * state (0.3's {@code final: true}) and carries one Task at most; a 1.0 stream starts with the
 * task and closes at a terminal state. The races are made to happen every time by stepping in
 * between the service's reads of the task.
 */
class StreamSettlingTest extends ServiceTesting {
    private SteppingStore stepping;
    private final ExecutorService racer = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopRacer() {
        racer.shutdownNow();
    }

    @Override
    TaskService service(AgentExecutor agent) {
        return serve(new ServiceHarness(db, agent, store -> stepping = new SteppingStore(store)));
    }

    private static SubscribeToTaskRequest subscription(String taskId) {
        return new SubscribeToTaskRequest(null, taskId);
    }

    private static TaskState state(StreamEvent event) {
        return event instanceof Task task ? task.status().state()
                : assertInstanceOf(TaskStatusUpdateEvent.class, event).status().state();
    }

    private static List<String> shapes(RecordingSink sink) {
        return sink.events().stream().map(event -> event.getClass().getSimpleName() + " " + state(event)).toList();
    }

    /** Runs the agent's first turn up to {@code working}, without waiting for the rest. */
    private Task started(TaskService service, CountDownLatch working) throws Exception {
        Task task = awaitTask(service.send(request(user("start", null, null), null, true), by("alice")));
        ServiceHarness.await(working, "the agent to work");
        return task;
    }

    private void awaitState(String taskId, TaskState state) {
        try {
            ServiceHarness.eventually(() -> harness.storedState(taskId) == state, "the task to be " + state);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void aTaskThatCompletesAsTheSubscriptionAttachesEndsTheStreamInTheCallersLine(ProtocolVersion line)
            throws Exception {
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.working();
            working.countDown();
            release.await();
            updater.complete("done");
        });
        Task task = started(service, working);
        // the subscription has found the task working; it completes before the subscription attaches
        stepping.afterCall(1, task.id(), () -> {
            release.countDown();
            awaitState(task.id(), TaskState.COMPLETED);
        });
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(task.id()), null, by("alice", line), sink);
        sink.awaitEnd();

        if (line == ProtocolVersion.V0_3) {
            assertEquals(List.of("Task COMPLETED", "TaskStatusUpdateEvent COMPLETED"), shapes(sink),
                    "one Task, then the final status update 0.3 clients wait for");
            assertEquals(List.of(3L, 3L), sink.seqs(), "both stand for the log's last event");
        } else {
            assertEquals(List.of("Task COMPLETED"), shapes(sink), "1.0: the current task first, then the close");
        }
        assertEquals(0, harness.events.listenerCount());
    }

    @Test
    void a03ResubscriptionToAFinishedTaskAnswersTheTaskAndItsFinalStatus() throws Exception {
        TaskService service = service((request, updater) -> updater.complete("done"));
        Task done = awaitTask(service.send(request(user("quick", null, null)), by("alice")));
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(done.id()), null, by("alice", ProtocolVersion.V0_3), sink);
        sink.awaitEnd();

        assertEquals(List.of("Task COMPLETED", "TaskStatusUpdateEvent COMPLETED"), shapes(sink));
        assertEquals(1, sink.ends.get());
    }

    @Test
    void a03ResubscriptionToATaskWaitingForInputEndsWithThatStatus() throws Exception {
        TaskService service = service((request, updater) -> updater.requireInput("name?"));
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(waiting.id()), null, by("alice", ProtocolVersion.V0_3), sink);
        sink.awaitEnd();

        assertEquals(List.of("Task INPUT_REQUIRED", "TaskStatusUpdateEvent INPUT_REQUIRED"), shapes(sink));
        assertEquals(0, harness.events.listenerCount());
    }

    @Test
    void a1SubscriptionToATaskWaitingForInputFollowsItThroughTheNextTurn() throws Exception {
        TaskService service = service((request, updater) -> {
            if (request.isFollowUp()) {
                updater.complete("thanks");
            } else {
                updater.requireInput("name?");
            }
        });
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(waiting.id()), null, by("alice"), sink);
        ServiceHarness.eventually(() -> sink.entries.size() == 1, "the task");
        assertFalse(sink.isEnded());
        awaitTask(service.send(request(user("Ada", null, waiting.id())), by("alice")));
        sink.awaitEnd();

        assertEquals(List.of("Task INPUT_REQUIRED", "TaskStatusUpdateEvent COMPLETED"), shapes(sink));
    }

    @Test
    void a03ResubscriptionEndsWhenTheTaskComesToWaitForInput() throws Exception {
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.working();
            working.countDown();
            release.await();
            updater.requireInput("name?");
        });
        Task task = started(service, working);
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(task.id()), null, by("alice", ProtocolVersion.V0_3), sink);
        ServiceHarness.eventually(() -> sink.entries.size() == 1, "the task");
        release.countDown();
        sink.awaitEnd();

        assertEquals(List.of("Task WORKING", "TaskStatusUpdateEvent INPUT_REQUIRED"), shapes(sink));
        ServiceHarness.eventually(() -> harness.events.listenerCount() == 0, "the stream to be let go");
    }

    @Test
    void a03StreamEndsAtTheRequestForInputEvenWhileTheAgentKeepsItsTurn() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.requireInput("name?");
            asked.countDown();
            release.await();
        });
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("register", null, null)), by("alice", ProtocolVersion.V0_3), sink);
        ServiceHarness.await(asked, "the request for input");
        try {
            sink.awaitEnd();
        } finally {
            release.countDown();
        }

        assertEquals(List.of("Task SUBMITTED", "TaskStatusUpdateEvent INPUT_REQUIRED"), shapes(sink),
                "nothing may follow the update 0.3 marks final");
    }

    @Test
    void a03ResumeAfterTheLastEventOfAFinishedTaskEndsWithItsFinalStatus() throws Exception {
        TaskService service = service((request, updater) -> {
            updater.working();
            updater.complete("done");
        });
        Task done = awaitTask(service.send(request(user("quick", null, null)), by("alice")));
        RecordingSink nothingMissed = new RecordingSink();
        service.subscribe(subscription(done.id()), 3L, by("alice", ProtocolVersion.V0_3), nothingMissed);
        nothingMissed.awaitEnd();
        assertEquals(List.of("TaskStatusUpdateEvent COMPLETED"), shapes(nothingMissed));
        assertEquals(List.of(3L), nothingMissed.seqs());

        RecordingSink missedSome = new RecordingSink();
        service.subscribe(subscription(done.id()), 1L, by("alice", ProtocolVersion.V0_3), missedSome);
        missedSome.awaitEnd();
        assertEquals(List.of("TaskStatusUpdateEvent WORKING", "TaskStatusUpdateEvent COMPLETED"), shapes(missedSome),
                "the log's own final update closes it, not a second one");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void aResumeFromAnIdBeyondTheLogMissesNoLaterEvent(ProtocolVersion line) throws Exception {
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.working();
            working.countDown();
            release.await();
            updater.complete("done");
        });
        Task task = started(service, working);
        RecordingSink sink = new RecordingSink();
        service.subscribe(subscription(task.id()), 99L, by("alice", line), sink);
        release.countDown();
        sink.awaitEnd();

        assertEquals(List.of("TaskStatusUpdateEvent COMPLETED"), shapes(sink));
        assertEquals(List.of(3L), sink.seqs());
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void aFollowUpStreamSeesACancelThatLandsAsItAttaches(ProtocolVersion line) throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            if (request.isFollowUp()) {
                // the cancel is what ends this turn's stream; the agent's answer comes too late
                answer.await();
                updater.complete("thanks");
            } else {
                updater.requireInput("name?");
            }
        });
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        ServiceHarness.eventually(() -> service.runningCount() == 0, "the first turn to end");
        // the follow-up is checked (call 1) and stored (2); the stream has read the task (3) when the cancel comes
        stepping.afterCall(3, waiting.id(), () -> {
            Future<Task> cancel = racer.submit(() -> service.cancel(new CancelTaskRequest(null, waiting.id(), null),
                    by("alice")));
            try {
                cancel.get(500, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // the cancel waits for the stream to attach
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("Ada", null, waiting.id())), by("alice", line), sink);
        try {
            sink.awaitEnd();
        } finally {
            answer.countDown();
        }

        List<StreamEvent> events = sink.events();
        assertEquals(TaskState.CANCELED, state(events.get(events.size() - 1)), shapes(sink).toString());
        assertInstanceOf(TaskStatusUpdateEvent.class, events.get(events.size() - 1));
        assertEquals(1, events.stream().filter(Task.class::isInstance).count());
        assertEquals(TaskState.CANCELED, harness.storedState(waiting.id()));
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void aFollowUpStreamToATaskCanceledOnceTheMessageWasTakenInEndsAtOnce(ProtocolVersion line) throws Exception {
        java.util.concurrent.atomic.AtomicInteger turns = new java.util.concurrent.atomic.AtomicInteger();
        TaskService service = service((request, updater) -> {
            turns.incrementAndGet();
            updater.requireInput("name?");
        });
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        ServiceHarness.eventually(() -> service.runningCount() == 0, "the first turn to end");
        // the follow-up is checked (call 1) and stored (2), then canceled before the stream reads the task
        stepping.afterCall(2, waiting.id(), () -> service.cancel(new CancelTaskRequest(null, waiting.id(), null),
                by("alice")));
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("Ada", null, waiting.id())), by("alice", line), sink);
        sink.awaitEnd();

        assertEquals(line == ProtocolVersion.V0_3 ? List.of("Task CANCELED", "TaskStatusUpdateEvent CANCELED")
                : List.of("Task CANCELED"), shapes(sink));
        assertEquals(0, service.runningCount());
        assertEquals(1, turns.get(), "no turn for a canceled task");
    }

    /**
     * The first turn's end is announced after the follow-up attached: the test holds the task's
     * lock while it sends the follow-up, and the first turn's agent returns meanwhile.
     */
    private <T> T followUpWhileThePreviousTurnEnds(TaskService service, String taskId, CountDownLatch firstReturns,
                                                   CountDownLatch announced, Supplier<T> followUp) {
        return harness.events.locked(taskId, () -> {
            harness.events.add(taskId, new TaskListener() {
                @Override
                public void onEvent(StoredEvent event, Task task) {
                }

                @Override
                public void onTurnEnded(TaskRun turn, Task task) {
                    announced.countDown();
                }
            }, 0);
            firstReturns.countDown();
            try {
                ServiceHarness.eventually(() -> service.runningCount() == 0, "the first turn to end");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return followUp.get();
        });
    }

    private static AgentExecutor askThenAnswer(CountDownLatch firstReturns, CountDownLatch answer) {
        return (request, updater) -> {
            if (request.isFollowUp()) {
                answer.await();
                updater.complete("thanks");
            } else {
                updater.requireInput("name?");
                firstReturns.await();
            }
        };
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void aFollowUpStreamIsNotEndedByThePreviousTurnsEnd(ProtocolVersion line) throws Exception {
        CountDownLatch firstReturns = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        TaskService service = service(askThenAnswer(firstReturns, answer));
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        RecordingSink sink = new RecordingSink();
        CountDownLatch announced = new CountDownLatch(1);
        followUpWhileThePreviousTurnEnds(service, waiting.id(), firstReturns, announced, () -> {
            service.stream(request(user("Ada", null, waiting.id())), by("alice", line), sink);
            return null;
        });
        ServiceHarness.await(announced, "the first turn's end");
        answer.countDown();
        sink.awaitEnd();

        List<StreamEvent> events = sink.events();
        assertEquals(TaskState.COMPLETED, state(events.get(events.size() - 1)), shapes(sink).toString());
    }

    @Test
    void aBlockingFollowUpIsNotAnsweredByThePreviousTurnsEnd() throws Exception {
        CountDownLatch firstReturns = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        TaskService service = service(askThenAnswer(firstReturns, answer));
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        CountDownLatch announced = new CountDownLatch(1);
        CompletionStage<SendMessageResult> sent = followUpWhileThePreviousTurnEnds(service, waiting.id(),
                firstReturns, announced, () -> service.send(request(user("Ada", null, waiting.id())), by("alice")));
        ServiceHarness.await(announced, "the first turn's end");
        answer.countDown();

        assertEquals(TaskState.COMPLETED, awaitTask(sent).status().state(), "the answer of its own turn");
    }
}
