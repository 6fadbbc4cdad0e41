package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One store whatever the version: tasks made in 0.3 read in 1.0 and back, over both bindings; the
 * version rules as a client meets them; the card in each rendering.
 */
class MixedVersionIT extends OnTomcat {

    /** A 0.3 JSON-RPC call that names no version, as 0.3 clients send it. */
    private JsonObject call03(String method, JsonObject params, String... headers) {
        HttpRequest.Builder request = http.request("/a2a/jsonrpc").header("Content-Type", "application/json");
        if (headers.length > 0) {
            request.headers(headers);
        }
        HttpResponse<String> response = http.send(request.POST(HttpRequest.BodyPublishers.ofString(
                JsonRpc.envelope(method, params))).build());
        assertEquals(200, response.statusCode(), response.body());
        return Http.json(response);
    }

    private static JsonObject message03(String text) {
        return Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("kind", "message").add("messageId", UUID.randomUUID().toString()).add("role", "user")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("kind", "text")
                        .add("text", text)))
                .add("metadata", Json.createObjectBuilder().add("skill", "echo"))).build();
    }

    @Test
    void aTaskMadeIn03IsReadIn10OverBothBindings() {
        JsonObject task = call03("message/send", message03("made in 0.3")).getJsonObject("result");
        assertEquals("task", task.getString("kind"));
        assertEquals("completed", task.getJsonObject("status").getString("state"));
        String id = task.getString("id");

        JsonObject viaRpc = rpc.result("GetTask", JsonRpc.id(id));
        assertEquals(id, viaRpc.getString("id"));
        assertEquals(task.getString("contextId"), viaRpc.getString("contextId"));
        assertEquals("TASK_STATE_COMPLETED", viaRpc.getJsonObject("status").getString("state"));
        assertFalse(viaRpc.containsKey("kind"));
        JsonObject user = viaRpc.getJsonArray("history").getJsonObject(0);
        assertEquals("ROLE_USER", user.getString("role"));
        assertEquals("made in 0.3", user.getJsonArray("parts").getJsonObject(0).getString("text"));

        HttpResponse<String> viaRest = http.get("/a2a/rest/tasks/" + id, "A2A-Version", "1.0");
        assertEquals(200, viaRest.statusCode(), viaRest.body());
        assertEquals("TASK_STATE_COMPLETED", Http.json(viaRest).getJsonObject("status").getString("state"));
    }

    @Test
    void aTaskMadeIn10IsReadAndCanceledIn03() {
        JsonObject task = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task");
        String id = task.getString("id");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.getJsonObject("status").getString("state"));

        JsonObject viaRpc = call03("tasks/get", JsonRpc.id(id)).getJsonObject("result");
        assertEquals("input-required", viaRpc.getJsonObject("status").getString("state"));
        JsonObject user = viaRpc.getJsonArray("history").getJsonObject(0);
        assertEquals("user", user.getString("role"));
        assertEquals("text", user.getJsonArray("parts").getJsonObject(0).getString("kind"));

        for (String path : new String[] {"/v1/tasks/", "/a2a/rest/v1/tasks/"}) {
            HttpResponse<String> viaRest = http.get(path + id);
            assertEquals(200, viaRest.statusCode(), viaRest.body());
            JsonObject proto = Http.json(viaRest);
            assertEquals("TASK_STATE_INPUT_REQUIRED", proto.getJsonObject("status").getString("state"));
            assertEquals("ROLE_USER", proto.getJsonArray("history").getJsonObject(0).getString("role"));
            assertEquals("input", proto.getJsonArray("history").getJsonObject(0).getJsonArray("content")
                    .getJsonObject(0).getString("text"));
        }

        HttpResponse<String> canceled = http.post("/a2a/rest/v1/tasks/" + id + ":cancel", "application/json", "");
        assertEquals(200, canceled.statusCode(), canceled.body());
        assertEquals("TASK_STATE_CANCELLED", Http.json(canceled).getJsonObject("status").getString("state"));
        assertEquals("TASK_STATE_CANCELED", rpc.result("GetTask", JsonRpc.id(id)).getJsonObject("status")
                .getString("state"));

        HttpResponse<String> again = http.post("/v1/tasks/" + id + ":cancel", "application/json", "");
        assertEquals(400, again.statusCode(), again.body());
        JsonObject error = Http.json(again);
        assertEquals(-32002, error.getInt("code"));
        assertEquals("io.a2a.spec.TaskNotCancelableError", error.getString("error"));
    }

    @Test
    void theNamedVersionWinsOverTheShape() {
        // 1.0 names in a request that says 0.3 are not 0.3 methods
        assertEquals(-32601, call03("SendMessage", JsonRpc.send("x"), "A2A-Version", "0.3")
                .getJsonObject("error").getInt("code"));
        // a 0.3 route asked for in 1.0 answers in 1.0
        String id = rpc.result("SendMessage", JsonRpc.send("hello")).getJsonObject("task").getString("id");
        HttpResponse<String> v1 = http.get("/v1/tasks/" + id, "A2A-Version", "1.0");
        assertEquals("TASK_STATE_COMPLETED", Http.json(v1).getJsonObject("status").getString("state"));
        assertTrue(Http.json(v1).containsKey("contextId"), "1.0 ProtoJSON is camelCase");
        // a 1.0 route asked for in 0.3 answers in 0.3
        HttpResponse<String> v03 = http.get("/a2a/rest/tasks/" + id, "A2A-Version", "0.3");
        assertTrue(Http.json(v03).containsKey("context_id"), v03.body());
    }

    @Test
    void versionsNoLineSpeaksAreRefusedWith32009() {
        JsonObject rpcError = call03("message/send", message03("x"), "A2A-Version", "2.0").getJsonObject("error");
        assertEquals(-32009, rpcError.getInt("code"));
        HttpResponse<String> rest = http.get("/v1/tasks/x?A2A-Version=0.4");
        assertEquals(400, rest.statusCode(), rest.body());
        HttpResponse<String> card = http.get("/.well-known/agent-card.json", "A2A-Version", "0.2");
        assertEquals(400, card.statusCode());
    }

    @Test
    void aMethodNoLineKnowsIsA03MethodNotFound() {
        assertEquals(-32601, call03("tasks/list", JsonRpc.id("x")).getJsonObject("error").getInt("code"));
        assertEquals(-32001, call03("tasks/get", JsonRpc.id("nonexistent-task-id")).getJsonObject("error")
                .getInt("code"));
    }

    @Test
    void theCardInEachRenderingWithItsOwnTag() {
        HttpResponse<String> discovery = http.get("/.well-known/agent-card.json");
        HttpResponse<String> v1 = http.get("/.well-known/agent-card.json", "A2A-Version", "1.0");
        HttpResponse<String> v03 = http.get("/.well-known/agent-card.json", "A2A-Version", "0.3");
        HttpResponse<String> legacy = http.get("/.well-known/agent.json");
        JsonObject both = Http.json(discovery);
        assertEquals("0.3.0", both.getString("protocolVersion"));
        assertTrue(both.getString("url").endsWith("/a2a/jsonrpc"));
        // JSON-RPC, HTTP+JSON and gRPC in each line, 1.0 first
        assertEquals(6, both.getJsonArray("supportedInterfaces").size());
        assertEquals("0.3", both.getJsonArray("supportedInterfaces").getJsonObject(3).getString("protocolVersion"));
        assertFalse(Http.json(v1).containsKey("url"), "the pure 1.0 card");
        assertFalse(Http.json(v03).containsKey("supportedInterfaces"), "the pure 0.3 card");
        assertEquals("0.3.0", Http.json(v03).getString("protocolVersion"));
        assertEquals(discovery.body(), legacy.body());
        String tag = discovery.headers().firstValue("ETag").orElseThrow();
        assertNotEquals(tag, v1.headers().firstValue("ETag").orElseThrow());
        assertNotEquals(tag, v03.headers().firstValue("ETag").orElseThrow());
        assertNotEquals(v1.headers().firstValue("ETag"), v03.headers().firstValue("ETag"));
        assertEquals(tag, legacy.headers().firstValue("ETag").orElseThrow());
        assertTrue(discovery.headers().allValues("Vary").stream().anyMatch(v -> v.contains("A2A-Version")));
    }
}
