package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.text;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.store.StoredEvent;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** SendStreamingMessage and SubscribeToTask through TaskService, with a recording sink as the client. */
class TaskServiceStreamTest extends ServiceTesting {

    private static TaskState state(StreamEvent event) {
        return assertInstanceOf(TaskStatusUpdateEvent.class, event).status().state();
    }

    /** What the client received equals the stored log from {@code fromSeq} on. */
    private void assertMatchesLog(RecordingSink sink, String taskId, long afterSeq, int skipFirst) {
        List<StoredEvent> log = harness.store.eventsAfter(taskId, afterSeq);
        List<RecordingSink.Entry> received = sink.entries.subList(skipFirst, sink.entries.size());
        assertEquals(log.stream().map(StoredEvent::seq).toList(), received.stream().map(RecordingSink.Entry::seq)
                .toList());
        for (int i = 0; i < log.size(); i++) {
            assertEquals(log.get(i).event().getClass(), received.get(i).event().getClass());
        }
    }

    @Test
    void aStreamStartsWithTheTaskThenSendsEveryUpdateInOrderAndEndsAfterTheTerminalOne() throws Exception {
        Artifact first = Artifact.of("out", "out", List.of(Part.text("a")));
        Artifact second = Artifact.of("out", null, List.of(Part.text("b")));
        AtomicReference<String> taskId = new AtomicReference<>();
        TaskService service = service((request, updater) -> {
            taskId.set(request.taskId());
            updater.working();
            updater.artifactChunk(first, false, false);
            updater.artifactChunk(second, true, true);
            updater.complete("done");
        });
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("go", "ctx-s", null)), operator(), sink);
        sink.awaitEnd();

        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), sink.seqs());
        Task task = assertInstanceOf(Task.class, sink.events().get(0));
        assertEquals(TaskState.SUBMITTED, task.status().state());
        assertEquals(taskId.get(), task.id());
        assertEquals("ctx-s", task.contextId());
        assertEquals(List.of("go"), task.history().stream().map(ServiceHarness::text).toList());
        assertEquals(TaskState.WORKING, state(sink.events().get(1)));
        TaskArtifactUpdateEvent chunk1 = assertInstanceOf(TaskArtifactUpdateEvent.class, sink.events().get(2));
        TaskArtifactUpdateEvent chunk2 = assertInstanceOf(TaskArtifactUpdateEvent.class, sink.events().get(3));
        assertEquals(first, chunk1.artifact());
        assertEquals(second, chunk2.artifact());
        assertEquals(List.of(false, true), List.of(chunk1.append(), chunk2.append()));
        assertEquals(List.of(false, true), List.of(chunk1.lastChunk(), chunk2.lastChunk()));
        assertEquals(TaskState.COMPLETED, state(sink.events().get(4)));
        assertEquals(1, sink.ends.get());
        assertEquals(0, sink.eventsAfterEnd.get());
        assertMatchesLog(sink, taskId.get(), 0, 0);
        assertEquals(List.of(Part.text("a"), Part.text("b")),
                harness.store.find(taskId.get()).orElseThrow().task().artifacts().get(0).parts());
    }

    @Test
    void anAnswerCompletedWithItsArtifactsStreamsEachArtifactThenTheCompletion() throws Exception {
        Artifact answer = Artifact.of("answer", "answer", List.of(Part.text("42")));
        Artifact rows = Artifact.of("rows", null, List.of(Part.text("r")));
        AtomicReference<String> taskId = new AtomicReference<>();
        TaskService service = service((request, updater) -> {
            taskId.set(request.taskId());
            updater.complete(List.of(answer, rows), "done");
        });
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("go", "ctx-c", null)), operator(), sink);
        sink.awaitEnd();

        assertEquals(List.of(1L, 2L, 3L, 4L), sink.seqs());
        assertEquals(TaskState.SUBMITTED, assertInstanceOf(Task.class, sink.events().get(0)).status().state());
        assertEquals(answer, assertInstanceOf(TaskArtifactUpdateEvent.class, sink.events().get(1)).artifact());
        assertEquals(rows, assertInstanceOf(TaskArtifactUpdateEvent.class, sink.events().get(2)).artifact());
        assertEquals(TaskState.COMPLETED, state(sink.events().get(3)));
        assertMatchesLog(sink, taskId.get(), 0, 0);
        Task stored = harness.store.find(taskId.get()).orElseThrow().task();
        assertEquals(List.of(answer, rows), stored.artifacts());
        assertEquals("done", text(stored.status().message()));
    }

    @Test
    void aDirectReplyStreamsOneMessageWithoutSequenceNumber() throws Exception {
        TaskService service = service((request, updater) -> updater.reply(updater.message("just this")));
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("hi", null, null)), operator(), sink);
        sink.awaitEnd();

        assertEquals(List.of(0L), sink.seqs());
        Message reply = assertInstanceOf(Message.class, sink.events().get(0));
        assertEquals("just this", text(reply));
        assertNull(reply.taskId());
        assertEquals(1, sink.ends.get());
    }

    @Test
    void aStreamEndsWithTheAgentsTurnWhileTheTaskIsStillWorking() throws Exception {
        TaskService service = service((request, updater) -> updater.working("continuing elsewhere"));
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("long", null, null)), operator(), sink);
        sink.awaitEnd();

        assertEquals(List.of(1L, 2L), sink.seqs());
        assertInstanceOf(Task.class, sink.events().get(0));
        assertEquals(TaskState.WORKING, state(sink.events().get(1)));
        assertEquals(1, sink.ends.get());
    }

    @Test
    void aFollowUpStreamStartsWithTheStoredTaskIncludingTheNewMessage() throws Exception {
        TaskService service = service((request, updater) -> {
            if (request.isFollowUp()) {
                updater.complete("thanks");
            } else {
                updater.requireInput("name?");
            }
        });
        Task waiting = awaitTask(service.send(request(user("register", null, null)), by("alice")));
        RecordingSink sink = new RecordingSink();
        service.stream(request(user("Ada", null, waiting.id())), by("alice"), sink);
        sink.awaitEnd();

        assertEquals(List.of(2L, 3L), sink.seqs());
        Task first = assertInstanceOf(Task.class, sink.events().get(0));
        assertEquals(waiting.id(), first.id());
        assertEquals(TaskState.INPUT_REQUIRED, first.status().state());
        assertEquals(List.of("register", "name?", "Ada"), first.history().stream().map(ServiceHarness::text)
                .toList());
        assertEquals(TaskState.COMPLETED, state(sink.events().get(1)));
        assertMatchesLog(sink, waiting.id(), 2, 1);
    }

    @Test
    void subscribeWithLastEventIdReplaysWhatFollowsItThenLiveEvents() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        TaskService service = service((request, updater) -> {
            updater.working();
            updater.artifact(Artifact.of("a", null, List.of(Part.text("x"))));
            reported.countDown();
            go.await();
            updater.complete("done");
        });
        Task task = awaitTask(service.send(request(user("start", null, null), null, true), by("alice")));
        ServiceHarness.await(reported, "the agent's reports");
        RecordingSink resumed = new RecordingSink();
        RecordingSink fresh = new RecordingSink();
        service.subscribe(new SubscribeToTaskRequest(null, task.id()), 1L, by("alice"), resumed);
        service.subscribe(new SubscribeToTaskRequest(null, task.id()), null, by("alice"), fresh);
        ServiceHarness.eventually(() -> resumed.entries.size() == 2 && fresh.entries.size() == 1, "the backlog");
        assertFalse(resumed.isEnded());
        assertFalse(fresh.isEnded());
        go.countDown();
        resumed.awaitEnd();
        fresh.awaitEnd();

        assertEquals(List.of(2L, 3L, 4L), resumed.seqs());
        assertEquals(TaskState.WORKING, state(resumed.events().get(0)));
        assertInstanceOf(TaskArtifactUpdateEvent.class, resumed.events().get(1));
        assertEquals(TaskState.COMPLETED, state(resumed.events().get(2)));
        assertMatchesLog(resumed, task.id(), 1, 0);

        assertEquals(List.of(3L, 4L), fresh.seqs(), "the current task first, under its latest event id");
        Task snapshot = assertInstanceOf(Task.class, fresh.events().get(0));
        assertEquals(TaskState.WORKING, snapshot.status().state());
        assertEquals(1, snapshot.artifacts().size());
        assertEquals(TaskState.COMPLETED, state(fresh.events().get(1)));
        assertEquals(List.of(1, 1), List.of(resumed.ends.get(), fresh.ends.get()));
        assertEquals(0, resumed.eventsAfterEnd.get() + fresh.eventsAfterEnd.get());
    }

    @Test
    void aFinishedTaskCanOnlyBeResumedNotSubscribed() throws Exception {
        TaskService service = service((request, updater) -> {
            updater.working();
            updater.complete("done");
        });
        Task done = awaitTask(service.send(request(user("quick", null, null)), by("alice")));
        SubscribeToTaskRequest subscribe = new SubscribeToTaskRequest(null, done.id());

        RecordingSink refused = new RecordingSink();
        assertA2AError(A2AError.UNSUPPORTED_OPERATION, () -> service.subscribe(subscribe, null, by("alice"), refused));
        assertEquals(List.of(), refused.entries);
        assertEquals(0, refused.ends.get());

        RecordingSink all = new RecordingSink();
        service.subscribe(subscribe, 0L, by("alice"), all);
        all.awaitEnd();
        assertEquals(List.of(1L, 2L, 3L), all.seqs());
        assertEquals(TaskState.COMPLETED, state(all.events().get(2)));

        RecordingSink nothingLeft = new RecordingSink();
        service.subscribe(subscribe, 3L, by("alice"), nothingLeft);
        nothingLeft.awaitEnd();
        assertEquals(List.of(), nothingLeft.entries);

        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.subscribe(subscribe, 0L, by("bob"), new RecordingSink()));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.subscribe(
                new SubscribeToTaskRequest(null, "no-such-task"), null, operator(), new RecordingSink()));
        assertEquals(0, harness.events.listenerCount(), "no stream left registered");
    }
}
