package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP+JSON routes without a colon in their path, on every mount: reading a task, listing
 * tasks, and the error body for an unknown one. RestIT covers the whole binding on Tomcat; this
 * class is what the Payara run can cover, since Payara 7.2025.1 answers 503 to any path with a
 * colon ({@code message:send}) before the application sees it.
 */
class RestReadsIT extends OnTomcat {

    @ParameterizedTest
    @ValueSource(strings = {"/a2a/rest", "/a2a/rest/acme", ""})
    void tasksAreReadAndListedOnEveryMount(String prefix) {
        JsonObject task = rpc.result("SendMessage", JsonRpc.send("read me")).getJsonObject("task");
        String id = task.getString("id");

        HttpResponse<String> fetched = http.get(prefix + "/tasks/" + id + "?historyLength=0");
        assertEquals(200, fetched.statusCode(), fetched.body());
        JsonObject body = Http.json(fetched);
        assertEquals(id, body.getString("id"));
        assertEquals("TASK_STATE_COMPLETED", body.getJsonObject("status").getString("state"));
        assertFalse(body.containsKey("history"));
        assertEquals("read me", body.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")
                .getJsonObject(0).getString("text"));

        JsonObject page = Http.json(http.get(prefix + "/tasks?contextId=" + task.getString("contextId")));
        assertEquals(1, page.getInt("totalSize"));
        assertEquals(id, page.getJsonArray("tasks").getJsonObject(0).getString("id"));

        HttpResponse<String> unknown = http.get(prefix + "/tasks/no-such-task");
        assertEquals(404, unknown.statusCode(), unknown.body());
        JsonObject error = Http.json(unknown).getJsonObject("error");
        assertEquals("NOT_FOUND", error.getString("status"));
        assertEquals("TASK_NOT_FOUND", error.getJsonArray("details").getJsonObject(0).getString("reason"));
    }
}
