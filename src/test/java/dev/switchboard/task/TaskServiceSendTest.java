package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.await;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.text;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.skill.AgentRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** SendMessage through TaskService: blocking and immediate answers, direct replies, multi-turn rules. */
class TaskServiceSendTest extends ServiceTesting {

    @Test
    void aBlockingSendWaitsUntilTheTaskIsTerminal() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch hold = new CountDownLatch(1);
        Artifact answer = Artifact.of("answer", "answer", List.of(Part.text("42")));
        TaskService service = service((request, updater) -> {
            updater.working("thinking");
            reported.countDown();
            go.await();
            updater.artifact(answer);
            updater.complete("done");
            hold.await();
        });
        CompletionStage<SendMessageResult> result = service.send(request(user("question", null, null)), by("alice"));
        ServiceHarness.await(reported, "the agent's first report");
        assertFalse(result.toCompletableFuture().isDone(), "a working task does not answer a blocking send");
        go.countDown();

        Task task = awaitTask(result);
        assertEquals(1, service.runningCount(), "answered although the agent has not returned yet");
        hold.countDown();
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals("done", text(task.status().message()));
        assertEquals(List.of(answer), task.artifacts());
        assertEquals(List.of("question", "thinking"), task.history().stream().map(ServiceHarness::text).toList());
        Task stored = harness.store.find(task.id()).orElseThrow().task();
        assertEquals(task.status().message(), stored.status().message());
        assertEquals(task.status().timestamp().toEpochMilli(), stored.status().timestamp().toEpochMilli(),
                "stored at millisecond precision");
        assertEquals(task.artifacts(), stored.artifacts());
        assertEquals(task.history(), stored.history());
        assertEquals("alice", harness.store.find(task.id()).orElseThrow().owner());
        assertEquals(List.of(TaskState.WORKING, TaskState.COMPLETED), harness.loggedStates(task.id()));
    }

    @Test
    void aBlockingSendAnswersWhenTheTaskNeedsInput() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.requireInput("which one?");
            hold.await();
        });
        Task task = awaitTask(service.send(request(user("book a room", null, null)), operator()));
        assertEquals(1, service.runningCount());
        hold.countDown();
        assertEquals(TaskState.INPUT_REQUIRED, task.status().state());
        assertEquals("which one?", text(task.status().message()));
        assertTrue(task.status().message().taskId().equals(task.id()));
    }

    @Test
    void aBlockingSendAnswersWhenTheAgentReturnsWhileWorking() throws Exception {
        TaskService service = service((request, updater) -> updater.working("handed off"));
        Task task = awaitTask(service.send(request(user("long job", null, null)), operator()));
        assertEquals(TaskState.WORKING, task.status().state());
        assertEquals(TaskState.WORKING, harness.storedState(task.id()));
        assertEquals(List.of(TaskState.WORKING), harness.loggedStates(task.id()));
    }

    @Test
    void returnImmediatelyAnswersAtOnceWithTheStoredTask() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            go.await();
            updater.complete("finished");
        });
        CompletionStage<SendMessageResult> result = service.send(
                request(user("start", "ctx-now", null), null, true), by("alice"));
        assertTrue(result.toCompletableFuture().isDone(), "no waiting for the agent");
        Task task = awaitTask(result);
        assertEquals(TaskState.SUBMITTED, task.status().state());
        assertEquals("ctx-now", task.contextId());
        assertEquals(TaskState.SUBMITTED, harness.storedState(task.id()), "stored before the agent reported");
        assertEquals(1, harness.store.find(task.id()).orElseThrow().lastSeq());

        go.countDown();
        ServiceHarness.eventually(() -> harness.storedState(task.id()) == TaskState.COMPLETED, "completion");
        assertEquals(List.of(TaskState.COMPLETED), harness.loggedStates(task.id()));
        assertEquals(2, harness.store.find(task.id()).orElseThrow().lastSeq());
    }

    @Test
    void aDirectReplyIsAMessageAndLeavesNoTask() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        TaskService service = service((request, updater) -> {
            taskId.set(request.taskId());
            assertTrue(updater.reply(updater.message("hello back")));
        });
        SendMessageResult result = await(service.send(request(user("hello", "ctx-reply", null)), operator()));
        Message reply = assertInstanceOf(Message.class, result);
        assertEquals("hello back", text(reply));
        assertEquals("ctx-reply", reply.contextId());
        assertNull(reply.taskId());
        assertEquals(Optional.empty(), harness.store.find(taskId.get()));
        assertEquals(0, harness.store.eventsAfter(taskId.get(), 0).size());
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.get(
                new dev.switchboard.protocol.request.GetTaskRequest(null, taskId.get(), null), operator()));
    }

    @Test
    void aFollowUpContinuesTheTaskThatNeedsInput() throws Exception {
        List<AgentRequest> seen = new CopyOnWriteArrayList<>();
        TaskService service = service((request, updater) -> {
            seen.add(request);
            if (request.isFollowUp()) {
                updater.complete("booked " + text(request.message()));
            } else {
                updater.requireInput("which room?");
            }
        });
        Task first = awaitTask(service.send(request(user("book a room", null, null)), by("alice")));
        Task second = awaitTask(service.send(request(user("the blue one", null, first.id())), by("alice")));

        assertEquals(first.id(), second.id());
        assertEquals(first.contextId(), second.contextId());
        assertEquals(TaskState.COMPLETED, second.status().state());
        assertEquals("booked the blue one", text(second.status().message()));
        assertEquals(List.of("book a room", "which room?", "the blue one"),
                second.history().stream().map(ServiceHarness::text).toList());
        assertEquals(2, seen.size());
        AgentRequest followUp = seen.get(1);
        assertTrue(followUp.isFollowUp());
        assertEquals(first.id(), followUp.taskId());
        assertEquals(first.contextId(), followUp.message().contextId(), "the context is inferred from the task");
        assertEquals(TaskState.INPUT_REQUIRED, followUp.task().status().state());
        assertEquals(List.of(TaskState.INPUT_REQUIRED, TaskState.COMPLETED), harness.loggedStates(first.id()));
    }

    @Test
    void aFollowUpToAFinishedTaskIsUnsupportedAndNeverReachesTheAgent() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        TaskService service = service((request, updater) -> {
            calls.incrementAndGet();
            updater.complete("done");
        });
        Task done = awaitTask(service.send(request(user("once", null, null)), operator()));
        long lastSeq = harness.store.find(done.id()).orElseThrow().lastSeq();

        assertA2AError(A2AError.UNSUPPORTED_OPERATION,
                () -> service.send(request(user("again", null, done.id())), operator()));
        assertA2AError(A2AError.UNSUPPORTED_OPERATION,
                () -> service.send(request(user("again", done.contextId(), done.id())), operator()));
        assertEquals(1, calls.get());
        assertEquals(lastSeq, harness.store.find(done.id()).orElseThrow().lastSeq());
        assertEquals(done.history(), harness.store.find(done.id()).orElseThrow().task().history());
    }

    @Test
    void anUnknownOrForeignTaskIsNotFound() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        TaskService service = service((request, updater) -> {
            calls.incrementAndGet();
            updater.requireInput("more?");
        });
        Task alices = awaitTask(service.send(request(user("mine", null, null)), by("alice")));

        assertA2AError(A2AError.TASK_NOT_FOUND,
                () -> service.send(request(user("x", null, "no-such-task")), operator()));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.send(request(user("x", null, alices.id())), by("bob")));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.get(
                new dev.switchboard.protocol.request.GetTaskRequest(null, alices.id(), null), by("bob")));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.cancel(
                new dev.switchboard.protocol.request.CancelTaskRequest(null, alices.id(), null), by("bob")));
        assertEquals(1, calls.get());
        assertEquals(TaskState.INPUT_REQUIRED, harness.storedState(alices.id()));
    }

    @Test
    void aFollowUpInAnotherContextIsRejected() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        TaskService service = service((request, updater) -> {
            calls.incrementAndGet();
            updater.requireInput("more?");
        });
        Task task = awaitTask(service.send(request(user("start", "ctx-1", null)), operator()));
        var error = assertA2AError(A2AError.INVALID_PARAMS,
                () -> service.send(request(user("answer", "ctx-2", task.id())), operator()));
        assertEquals("message.contextId", error.violations().get(0).field());
        assertEquals(1, calls.get());
        assertEquals(task.history(), harness.store.find(task.id()).orElseThrow().task().history());
    }

    @Test
    void anAgentFailureFailsTheTaskWithAnIncidentIdAndNoInternals() throws Exception {
        TaskService service = service((request, updater) -> {
            updater.working();
            throw new IllegalStateException("secret connection string jdbc:postgresql://db/prod");
        });
        Task task = awaitTask(service.send(request(user("crash", null, null)), operator()));
        assertEquals(TaskState.FAILED, task.status().state());
        String message = text(task.status().message());
        assertTrue(message.matches(".*incident [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*"),
                message);
        assertFalse(message.contains("secret"), message);
        assertFalse(message.contains("IllegalStateException"), message);
        assertEquals(TaskState.FAILED, harness.storedState(task.id()));
        assertEquals(List.of(TaskState.WORKING, TaskState.FAILED), harness.loggedStates(task.id()));
    }

    @Test
    void anAgentThatFailsBeforeReportingStillLeavesAFailedTask() throws Exception {
        TaskService service = service((request, updater) -> {
            throw new java.io.IOException("disk full at /var/secret");
        });
        Task task = awaitTask(service.send(request(user("crash early", null, null)), operator()));
        assertEquals(TaskState.FAILED, task.status().state());
        assertFalse(text(task.status().message()).contains("disk"));
        assertEquals(List.of(TaskState.FAILED), harness.loggedStates(task.id()));
        // the answer goes out when the failure is stored; the turn ends just after, on the agent's thread
        ServiceHarness.eventually(() -> service.runningCount() == 0, "the failed agent's turn to end");
    }

    @Test
    void theAgentSeesEarlierTasksOfTheConversationOldestFirst() throws Exception {
        List<List<Task>> earlier = new CopyOnWriteArrayList<>();
        TaskService service = service((request, updater) -> {
            earlier.add(request.earlierTasks());
            updater.complete("answer to " + text(request.message()));
        });
        Task a = awaitTask(service.send(request(user("a", "conv", null)), by("alice")));
        awaitTask(service.send(request(user("elsewhere", "other-conv", null)), by("alice")));
        awaitTask(service.send(request(user("bob's", "conv", null)), by("bob")));
        Task b = awaitTask(service.send(request(user("b", "conv", null)), by("alice")));
        Task c = awaitTask(service.send(request(user("c", "conv", null)), by("alice")));

        assertEquals(List.of(), earlier.get(0));
        assertEquals(List.of(a.id()), ids(earlier.get(3)), "only alice's tasks in this conversation");
        assertEquals(List.of(a.id(), b.id()), ids(earlier.get(4)));
        Task seenA = earlier.get(4).get(0);
        assertEquals(TaskState.COMPLETED, seenA.status().state());
        assertEquals("answer to a", text(seenA.status().message()));
        assertEquals(a.history(), seenA.history());
        assertFalse(earlier.get(4).stream().anyMatch(t -> t.id().equals(c.id())), "not the task itself");
    }

    private static List<String> ids(List<Task> tasks) {
        return tasks.stream().map(Task::id).toList();
    }
}
