package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static dev.switchboard.protocol.json.JsonTesting.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskCodecTest {

    @Test
    void readsTheFullGolden() {
        Task task = TaskCodec.fromJson(golden("task-full"), "");
        assertEquals("t-1", task.id());
        assertEquals("c-1", task.contextId());
        assertEquals(TaskState.INPUT_REQUIRED, task.status().state());
        assertEquals(Instant.parse("2025-10-28T10:30:00.123Z"), task.status().timestamp());
        assertEquals(Role.AGENT, task.status().message().role());
        assertEquals("Which format?", task.status().message().parts().get(0).text());
        Artifact artifact = task.artifacts().get(0);
        assertEquals("a-1", artifact.artifactId());
        assertEquals("summary", artifact.name());
        assertEquals("A first draft", artifact.description());
        assertEquals(Part.Kind.DATA, artifact.parts().get(1).kind());
        assertEquals(List.of("https://example.com/ext/trace/v1"), artifact.extensions());
        assertEquals("m-1", task.history().get(0).messageId());
        assertEquals("high", task.metadata().getString("priority"));
    }

    @Test
    void readsTheMinimalGolden() {
        Task task = TaskCodec.fromJson(golden("task-minimal"), "");
        assertEquals("t-2", task.id());
        assertNull(task.contextId());
        assertEquals(TaskState.SUBMITTED, task.status().state());
        assertNull(task.status().timestamp());
        assertTrue(task.artifacts().isEmpty());
        assertTrue(task.history().isEmpty());
        assertNull(task.metadata());
    }

    @Test
    void emptyArtifactsAndHistoryAreLeftOut() {
        Task task = new Task("t", "c", new TaskStatus(TaskState.WORKING, null, null), List.of(), List.of(), null);
        JsonObject json = TaskCodec.toJson(task);
        assertFalse(json.containsKey("artifacts"));
        assertFalse(json.containsKey("history"));
        assertEquals(json("{'id':'t','contextId':'c','status':{'state':'TASK_STATE_WORKING'}}"), json);
    }

    @Test
    void keysFollowTheProtoOrder() {
        Task task = TaskCodec.fromJson(golden("task-full"), "");
        assertEquals(List.of("id", "contextId", "status", "artifacts", "history", "metadata"),
                List.copyOf(TaskCodec.toJson(task).keySet()));
        assertEquals(List.of("state", "message", "timestamp"),
                List.copyOf(TaskCodec.statusToJson(task.status()).keySet()));
        assertEquals(List.of("artifactId", "name", "description", "parts", "metadata", "extensions"),
                List.copyOf(TaskCodec.artifactToJson(task.artifacts().get(0)).keySet()));
    }

    @Test
    void timestampsAreWrittenInMilliseconds() {
        TaskStatus status = new TaskStatus(TaskState.COMPLETED, null, Instant.parse("2025-10-28T10:30:00.123456789Z"));
        assertEquals(json("{'state':'TASK_STATE_COMPLETED','timestamp':'2025-10-28T10:30:00.123Z'}"),
                TaskCodec.statusToJson(status));
        TaskStatus read = TaskCodec.statusFromJson(value("{'state':'TASK_STATE_COMPLETED',"
                + "'timestamp':'2025-10-28T12:30:00+02:00'}"), "status");
        assertEquals(Instant.parse("2025-10-28T10:30:00Z"), read.timestamp());
    }

    @Test
    void readsSnakeCase() {
        Task task = TaskCodec.fromJson(value("{'id':'t','context_id':'c','status':{'state':'TASK_STATE_FAILED'},"
                + "'artifacts':[{'artifact_id':'a','parts':[{'text':'x','media_type':'text/plain'}]}]}"), "task");
        assertEquals("c", task.contextId());
        assertEquals("a", task.artifacts().get(0).artifactId());
        assertEquals("text/plain", task.artifacts().get(0).parts().get(0).mediaType());
    }

    @Test
    void missingStateIsUnspecified() {
        assertEquals(TaskState.UNSPECIFIED, TaskCodec.statusFromJson(value("{}"), "status").state());
    }

    @Test
    void invalidTasksNameTheField() {
        assertInvalid("task.id", () -> TaskCodec.fromJson(value("{'status':{'state':'TASK_STATE_WORKING'}}"), "task"));
        assertInvalid("task.status", () -> TaskCodec.fromJson(value("{'id':'t'}"), "task"));
        assertInvalid("task.status.state",
                () -> TaskCodec.fromJson(value("{'id':'t','status':{'state':'working'}}"), "task"));
        assertInvalid("task.status.timestamp",
                () -> TaskCodec.fromJson(value("{'id':'t','status':{'state':'TASK_STATE_WORKING','timestamp':'-1'}}"),
                        "task"));
        assertInvalid("task.status.message.role", () -> TaskCodec.fromJson(value("{'id':'t','status':"
                + "{'state':'TASK_STATE_WORKING','message':{'messageId':'m','parts':[{'text':'x'}]}}}"), "task"));
        assertInvalid("task.artifacts[0].artifactId", () -> TaskCodec.fromJson(value("{'id':'t','status':"
                + "{'state':'TASK_STATE_WORKING'},'artifacts':[{'parts':[{'text':'x'}]}]}"), "task"));
        assertInvalid("task.artifacts[0].parts", () -> TaskCodec.fromJson(value("{'id':'t','status':"
                + "{'state':'TASK_STATE_WORKING'},'artifacts':[{'artifactId':'a','parts':[]}]}"), "task"));
        assertInvalid("task.history[0]", () -> TaskCodec.fromJson(value("{'id':'t','status':"
                + "{'state':'TASK_STATE_WORKING'},'history':['x']}"), "task"));
        assertInvalid("task.artifacts", () -> TaskCodec.fromJson(value("{'id':'t','status':"
                + "{'state':'TASK_STATE_WORKING'},'artifacts':{}}"), "task"));
    }
}
