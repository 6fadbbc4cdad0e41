package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The A2A 1.0 operations over JSON-RPC against the WAR on a real Tomcat. */
class CoreIT extends OnTomcat {

    @Test
    void blockingSendReturnsTheFinishedTask() {
        JsonObject task = rpc.result("SendMessage", JsonRpc.send("hello")).getJsonObject("task");
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
        assertEquals("hello", task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")
                .getJsonObject(0).getString("text"));
        assertNotNull(task.getString("contextId"));
        JsonObject fetched = rpc.result("GetTask", JsonRpc.id(task.getString("id")));
        assertEquals(task.getString("id"), fetched.getString("id"));
        assertEquals("TASK_STATE_COMPLETED", fetched.getJsonObject("status").getString("state"));
    }

    @Test
    void streamingSendStartsWithTheTaskAndEndsAtTheTerminalState() throws Exception {
        try (JsonRpc.Stream stream = rpc.stream("SendStreamingMessage", JsonRpc.send("streamed"))) {
            assertTrue(stream.contentType().startsWith("text/event-stream"), stream.contentType());
            List<JsonRpc.Event> events = stream.rest();
            assertTrue(events.size() >= 3, events.toString());
            assertTrue(events.get(0).data().getJsonObject("result").containsKey("task"), events.toString());
            JsonObject last = events.get(events.size() - 1).data().getJsonObject("result");
            assertEquals("TASK_STATE_COMPLETED", last.getJsonObject("statusUpdate").getJsonObject("status")
                    .getString("state"));
            long previous = 0;
            for (JsonRpc.Event event : events) {
                long id = Long.parseLong(event.id());
                assertTrue(id > previous, "ids increase: " + events);
                previous = id;
            }
        }
    }

    @Test
    void unknownTaskIsNotFound() {
        assertEquals(-32001, rpc.errorCode("GetTask", JsonRpc.id("nonexistent-task-id")));
        assertEquals(-32001, rpc.errorCode("CancelTask", JsonRpc.id("nonexistent-task-id")));
    }

    @Test
    void cancelStopsARunningTask() {
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("slow:10000"))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
        JsonObject task = rpc.result("SendMessage", params).getJsonObject("task");
        JsonObject canceled = rpc.result("CancelTask", JsonRpc.id(task.getString("id")));
        assertEquals("TASK_STATE_CANCELED", canceled.getJsonObject("status").getString("state"));
        assertEquals(-32002, rpc.errorCode("CancelTask", JsonRpc.id(task.getString("id"))));
    }

    @Test
    void listTasksAlwaysHasItsFourFields() {
        JsonObject empty = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", "no-such-context").build());
        assertEquals(0, empty.getJsonArray("tasks").size());
        assertEquals("", empty.getString("nextPageToken"));
        assertEquals(0, empty.getInt("pageSize"));
        assertEquals(0, empty.getInt("totalSize"));
        assertFalse(empty.isEmpty());
    }

    @Test
    void returnImmediatelyAnswersBeforeTheAgentFinishes() {
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("slow:1500"))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
        JsonObject task = rpc.result("SendMessage", params).getJsonObject("task");
        String state = task.getJsonObject("status").getString("state");
        assertTrue(state.equals("TASK_STATE_SUBMITTED") || state.equals("TASK_STATE_WORKING"), state);
    }

    @Test
    void directReplyIsAMessageNotATask() {
        JsonObject result = rpc.result("SendMessage", JsonRpc.send("reply"));
        assertTrue(result.containsKey("message"), result.toString());
        assertEquals("ROLE_AGENT", result.getJsonObject("message").getString("role"));
        assertFalse(result.getJsonObject("message").containsKey("taskId"));
    }

    @Test
    void multiTurnContinuesAnInterruptedTask() {
        JsonObject first = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task");
        assertEquals("TASK_STATE_INPUT_REQUIRED", first.getJsonObject("status").getString("state"));
        String taskId = first.getString("id");
        String contextId = first.getString("contextId");

        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("more")
                .add("taskId", taskId).add("contextId", contextId)).build();
        JsonObject second = rpc.result("SendMessage", followUp).getJsonObject("task");
        assertEquals(taskId, second.getString("id"));
        assertEquals("TASK_STATE_COMPLETED", second.getJsonObject("status").getString("state"));
        assertEquals(3, second.getJsonArray("history").size(), "user, agent question, user: " + second);

        JsonObject limited = rpc.result("GetTask", Json.createObjectBuilder().add("id", taskId)
                .add("historyLength", 1).build());
        assertEquals(1, limited.getJsonArray("history").size());
        JsonObject none = rpc.result("GetTask", Json.createObjectBuilder().add("id", taskId)
                .add("historyLength", 0).build());
        assertFalse(none.containsKey("history"));
        assertEquals(-32602, rpc.errorCode("GetTask", Json.createObjectBuilder().add("id", taskId)
                .add("historyLength", -1).build()));

        assertEquals(-32004, rpc.errorCode("SendMessage", followUp), "a terminal task takes no more messages");
        JsonObject wrongContext = Json.createObjectBuilder().add("message", JsonRpc.message("x")
                .add("taskId", taskId).add("contextId", "another-context")).build();
        assertEquals(-32602, rpc.errorCode("SendMessage", wrongContext));
        JsonObject unknownTask = Json.createObjectBuilder().add("message", JsonRpc.message("x")
                .add("taskId", "no-such-task")).build();
        assertEquals(-32001, rpc.errorCode("SendMessage", unknownTask));
    }

    @Test
    void aClientChosenContextGroupsTasks() {
        String context = "ctx-" + java.util.UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.message("n" + i)
                    .add("contextId", context)).build();
            assertEquals(context, rpc.result("SendMessage", params).getJsonObject("task").getString("contextId"));
        }
        JsonObject page1 = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", context)
                .add("pageSize", 2).build());
        assertEquals(2, page1.getJsonArray("tasks").size());
        assertEquals(2, page1.getInt("pageSize"));
        assertEquals(3, page1.getInt("totalSize"));
        assertFalse(page1.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"), "artifacts on request only");
        String token = page1.getString("nextPageToken");
        assertFalse(token.isEmpty());
        JsonObject page2 = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", context)
                .add("pageSize", 2).add("pageToken", token).add("includeArtifacts", true).build());
        assertEquals(1, page2.getJsonArray("tasks").size());
        assertEquals("", page2.getString("nextPageToken"));
        assertTrue(page2.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"));
        java.util.Set<String> ids = new java.util.HashSet<>();
        page1.getJsonArray("tasks").forEach(t -> ids.add(t.asJsonObject().getString("id")));
        page2.getJsonArray("tasks").forEach(t -> ids.add(t.asJsonObject().getString("id")));
        assertEquals(3, ids.size(), "pages neither repeat nor skip");

        JsonObject completed = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", context)
                .add("status", "TASK_STATE_COMPLETED").build());
        assertEquals(3, completed.getInt("totalSize"));
        JsonObject working = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", context)
                .add("status", "TASK_STATE_WORKING").build());
        assertEquals(0, working.getInt("totalSize"));
        JsonObject future = rpc.result("ListTasks", Json.createObjectBuilder().add("contextId", context)
                .add("statusTimestampAfter", "2999-01-01T00:00:00Z").build());
        assertEquals(0, future.getInt("totalSize"));
    }

    @Test
    void listTasksRefusesBadParameters() {
        for (JsonObject bad : List.of(
                Json.createObjectBuilder().add("pageToken", "invalid-token-xyz").build(),
                Json.createObjectBuilder().add("status", "INVALID_STATUS").build(),
                Json.createObjectBuilder().add("pageSize", 0).build(),
                Json.createObjectBuilder().add("pageSize", 101).build(),
                Json.createObjectBuilder().add("pageSize", -1).build(),
                Json.createObjectBuilder().add("historyLength", -1).build(),
                Json.createObjectBuilder().add("statusTimestampAfter", "-1").build())) {
            assertEquals(-32602, rpc.errorCode("ListTasks", bad), bad.toString());
        }
    }

    @Test
    void agentFailureIsATaskFailureWithoutInternals() {
        JsonObject task = rpc.result("SendMessage", JsonRpc.send("fail")).getJsonObject("task");
        assertEquals("TASK_STATE_FAILED", task.getJsonObject("status").getString("state"));
        assertFalse(task.toString().contains("secret internal detail"), task.toString());
        assertTrue(task.toString().contains("incident"), task.toString());
    }

    @Test
    void unsupportedOperationsSayWhy() {
        JsonObject config = Json.createObjectBuilder().add("taskId", "t").add("url", "https://example.com/hook").build();
        assertEquals(-32001, rpc.errorCode("CreateTaskPushNotificationConfig", config));
        assertEquals(-32001, rpc.errorCode("ListTaskPushNotificationConfigs", Json.createObjectBuilder()
                .add("taskId", "t").build()));
        assertEquals(-32007, rpc.errorCode("GetExtendedAgentCard", Json.createObjectBuilder().build()));
    }

    @Test
    void versionIsNegotiated() {
        Http http = new Http(base);
        String body = JsonRpc.envelope("GetTask", JsonRpc.id("nonexistent-task-id"));
        JsonObject noHeader = Http.json(http.post("/", "application/json", body));
        assertEquals(-32001, noHeader.getJsonObject("error").getInt("code"), "a 1.0 method name means 1.0");
        JsonObject future = Http.json(http.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .header("A2A-Version", "99.0").POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build()));
        assertEquals(-32009, future.getJsonObject("error").getInt("code"));
        JsonObject patch = Http.json(http.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .header("A2A-Version", "1.0.3").POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build()));
        assertEquals(-32001, patch.getJsonObject("error").getInt("code"), "1.0.3 is 1.0");
        JsonObject old = Http.json(http.post("/a2a/jsonrpc", "application/json",
                JsonRpc.envelope("tasks/get", JsonRpc.id("x"))));
        assertEquals(-32001, old.getJsonObject("error").getInt("code"), "a 0.3 method name means 0.3");
    }
}
