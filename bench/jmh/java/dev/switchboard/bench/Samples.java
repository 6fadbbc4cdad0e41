package dev.switchboard.bench;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The shapes one benchmark SendMessage produces: the request body, the finished task, its events. */
final class Samples {
    /** The body the load harness sends (bench/bodies in the shared harness). */
    static final byte[] SEND_MESSAGE = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":"
            + "{\"messageId\":\"0b7e2f4a-6c1d-4e8b-9a3f-5d2c7e1b8a90\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":"
            + "\"hello from the a2a benchmark: the quick brown fox jumps over the lazy dog 0123456789\"}],"
            + "\"metadata\":{\"bench\":\"a2a-peer-comparison\"}}}}").getBytes(StandardCharsets.UTF_8);

    private Samples() {
    }

    /** A message of its own for every task: a repeated messageId is a retry of the first send. */
    static Message userMessage(String taskId, String contextId) {
        return new Message(taskId == null ? "0b7e2f4a-6c1d-4e8b-9a3f-5d2c7e1b8a90" : "m-" + taskId, contextId, taskId,
                Role.USER,
                List.of(Part.text("hello from the a2a benchmark: the quick brown fox jumps over the lazy dog 0123456789")),
                null, List.of(), List.of());
    }

    static Task submitted(String taskId, String contextId) {
        return new Task(taskId, contextId, new TaskStatus(TaskState.SUBMITTED, null, Instant.now()), List.of(),
                List.of(userMessage(taskId, contextId)), null);
    }

    static Artifact answer() {
        return Artifact.of("answer", "answer", List.of(Part.text("echo: hello from the a2a benchmark: the quick brown "
                + "fox jumps over the lazy dog 0123456789")));
    }

    static Task completed(String taskId, String contextId) {
        Message reply = Message.agent("c69dcffe-89fb-4c40-a567-609ffe352c76", contextId, taskId,
                List.of(Part.text("done")));
        return new Task(taskId, contextId, new TaskStatus(TaskState.COMPLETED, reply, Instant.now()),
                List.of(answer()), List.of(userMessage(taskId, contextId)), null);
    }

    /** The events one answered SendMessage stores: the submitted task, its artifact, its completion. */
    static List<StreamEvent> events(Task done) {
        List<StreamEvent> events = new ArrayList<>();
        events.add(submitted(done.id(), done.contextId()));
        events.add(new TaskArtifactUpdateEvent(done.id(), done.contextId(), answer(), false, true, null));
        events.add(new TaskStatusUpdateEvent(done.id(), done.contextId(), done.status(), null));
        return events;
    }
}
