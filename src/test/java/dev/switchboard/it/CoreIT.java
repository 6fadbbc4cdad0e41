package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The A2A 1.0 operations over JSON-RPC against the WAR on a real Tomcat. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CoreIT {
    @Deployment(testable = false)
    static WebArchive war() {
        return Deployments.builtWar();
    }

    @ArquillianResource
    private URL base;

    private JsonRpc rpc;

    @BeforeEach
    void client() {
        rpc = new JsonRpc(new Http(base));
    }

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
}
