package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static dev.switchboard.protocol.json.JsonTesting.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamEventCodecTest {
    private static final TaskStatus DONE =
            new TaskStatus(TaskState.COMPLETED, null, Instant.parse("2026-01-01T00:00:05.250Z"));

    @Test
    void wrapsEachEventUnderItsMemberName() {
        Task task = new Task("t", "c", DONE, List.of(), List.of(), null);
        assertEquals(List.of("task"), List.copyOf(StreamEventCodec.toStreamResponse(task).keySet()));
        Message message = Message.agent("m", "c", null, List.of(Part.text("hi")));
        assertEquals(List.of("message"), List.copyOf(StreamEventCodec.toStreamResponse(message).keySet()));
        assertEquals(json("{'statusUpdate':{'taskId':'t','contextId':'c','status':{'state':'TASK_STATE_COMPLETED',"
                + "'timestamp':'2026-01-01T00:00:05.250Z'}}}"),
                StreamEventCodec.toStreamResponse(new TaskStatusUpdateEvent("t", "c", DONE, null)));
        JsonObject artifact = StreamEventCodec.toStreamResponse(new TaskArtifactUpdateEvent("t", "c",
                Artifact.of("a", null, List.of(Part.text("x"))), false, false, null));
        assertEquals(json("{'artifactUpdate':{'taskId':'t','contextId':'c','artifact':{'artifactId':'a',"
                + "'parts':[{'text':'x'}]}}}"), artifact);
    }

    @Test
    void neverWritesTheZeroThreeDiscriminators() {
        JsonObject status = StreamEventCodec.statusUpdateToJson(new TaskStatusUpdateEvent("t", "c", DONE, null));
        assertFalse(status.containsKey("final"));
        assertFalse(status.containsKey("kind"));
        JsonObject task = StreamEventCodec.toStreamResponse(new Task("t", "c", DONE, List.of(), List.of(), null));
        assertFalse(task.getJsonObject("task").containsKey("kind"));
    }

    @Test
    void sendMessageResponseWrapsTaskOrMessage() {
        Task task = new Task("t", null, DONE, List.of(), List.of(), null);
        assertEquals(List.of("task"), List.copyOf(StreamEventCodec.toSendMessageResponse(task).keySet()));
        Message message = Message.agent("m", "c", null, List.of(Part.text("hi")));
        assertEquals(json("{'message':{'messageId':'m','contextId':'c','role':'ROLE_AGENT','parts':[{'text':'hi'}]}}"),
                StreamEventCodec.toSendMessageResponse(message));
    }

    @Test
    void readsTheGoldens() {
        StreamEvent status = StreamEventCodec.fromStreamResponse(golden("stream-response-status-update"), "");
        TaskStatusUpdateEvent update = assertInstanceOf(TaskStatusUpdateEvent.class, status);
        assertEquals("t-2", update.taskId());
        assertEquals(TaskState.COMPLETED, update.status().state());
        assertEquals(DONE.timestamp(), update.status().timestamp());

        TaskArtifactUpdateEvent chunk = StreamEventCodec.artifactUpdateFromJson(golden("artifact-update"), "");
        assertTrue(chunk.append());
        assertTrue(chunk.lastChunk());
        assertEquals("more text", chunk.artifact().parts().get(0).text());
        assertEquals(2, chunk.metadata().getInt("chunk"));

        assertInstanceOf(Task.class, StreamEventCodec.fromStreamResponse(golden("stream-response-task"), ""));
        assertInstanceOf(Message.class, StreamEventCodec.fromStreamResponse(golden("stream-response-message"), ""));
    }

    @Test
    void readsSnakeCaseWrappersAndFlags() {
        StreamEvent event = StreamEventCodec.fromStreamResponse(value("{'artifact_update':{'task_id':'t',"
                + "'context_id':'c','artifact':{'artifact_id':'a','parts':[{'text':'x'}]},'last_chunk':true}}"), "");
        TaskArtifactUpdateEvent update = assertInstanceOf(TaskArtifactUpdateEvent.class, event);
        assertEquals("t", update.taskId());
        assertEquals("c", update.contextId());
        assertTrue(update.lastChunk());
        assertFalse(update.append());
        StreamEvent status = StreamEventCodec.fromStreamResponse(value("{'status_update':{'task_id':'t',"
                + "'status':{'state':'TASK_STATE_WORKING'},'final':false,'kind':'status-update'}}"), "");
        assertEquals(TaskState.WORKING, assertInstanceOf(TaskStatusUpdateEvent.class, status).status().state());
    }

    @Test
    void wrappersNeedExactlyOneMember() {
        assertInvalid("result", () -> StreamEventCodec.fromStreamResponse(value("{}"), "result"));
        assertInvalid("result", () -> StreamEventCodec.fromStreamResponse(value("{'kind':'task','id':'t'}"), "result"));
        assertInvalid("result", () -> StreamEventCodec.fromStreamResponse(value("{'task':{'id':'t','status':{}},"
                + "'message':{'messageId':'m','role':'ROLE_AGENT','parts':[{'text':'x'}]}}"), "result"));
        assertInvalid("result", () -> StreamEventCodec.fromSendMessageResponse(value("{'statusUpdate':{}}"), "result"));
        assertInvalid("result", () -> StreamEventCodec.fromStreamResponse(value("[]"), "result"));
    }

    @Test
    void invalidEventsNameTheField() {
        assertInvalid("statusUpdate.taskId", () -> StreamEventCodec.fromStreamResponse(
                value("{'statusUpdate':{'status':{'state':'TASK_STATE_WORKING'}}}"), ""));
        assertInvalid("statusUpdate.status", () -> StreamEventCodec.fromStreamResponse(
                value("{'statusUpdate':{'taskId':'t'}}"), ""));
        assertInvalid("artifactUpdate.artifact", () -> StreamEventCodec.fromStreamResponse(
                value("{'artifactUpdate':{'taskId':'t'}}"), ""));
        assertInvalid("artifactUpdate.append", () -> StreamEventCodec.fromStreamResponse(value("{'artifactUpdate':"
                + "{'taskId':'t','artifact':{'artifactId':'a','parts':[{'text':'x'}]},'append':'maybe'}}"), ""));
    }
}
