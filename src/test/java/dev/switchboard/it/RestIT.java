package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The HTTP+JSON binding on a real Tomcat: every route, with and without the tenant prefix, every error body. */
class RestIT extends OnTomcat {

    private HttpResponse<String> post(String path, String body) {
        return http.send(http.request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static String send(String text) {
        return Json.createObjectBuilder().add("message", JsonRpc.userMessage(text)).build().toString();
    }

    private static void assertError(HttpResponse<String> response, int status, String rpcStatus, String reason) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/"),
                "JSON error body");
        JsonObject error = Http.json(response).getJsonObject("error");
        assertEquals(status, error.getInt("code"));
        assertEquals(rpcStatus, error.getString("status"));
        assertFalse(error.getString("message").isBlank());
        if (reason != null) {
            JsonObject info = error.getJsonArray("details").getJsonObject(0);
            assertEquals("type.googleapis.com/google.rpc.ErrorInfo", info.getString("@type"));
            assertEquals(reason, info.getString("reason"));
            assertEquals("a2a-protocol.org", info.getString("domain"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a2a/rest", "/a2a/rest/acme", ""})
    void sendGetListAndCancelOnEveryMount(String prefix) {
        JsonObject task = Http.json(post(prefix + "/message:send", send("hello"))).getJsonObject("task");
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
        String id = task.getString("id");

        JsonObject fetched = Http.json(http.get(prefix + "/tasks/" + id + "?historyLength=0"));
        assertEquals(id, fetched.getString("id"));
        assertFalse(fetched.containsKey("history"));

        JsonObject page = Http.json(http.get(prefix + "/tasks?contextId=" + task.getString("contextId")
                + "&status=TASK_STATE_COMPLETED&pageSize=5&includeArtifacts=true"));
        assertEquals(1, page.getInt("totalSize"));
        assertEquals("", page.getString("nextPageToken"));
        assertTrue(page.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"));

        assertError(post(prefix + "/tasks/" + id + ":cancel", ""), 400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{}", "null"})
    void cancelTakesAnEmptyBodyEmptyObjectOrNull(String body) {
        String params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("slow:10000"))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build().toString();
        String id = Http.json(post("/a2a/rest/message:send", params)).getJsonObject("task").getString("id");
        HttpResponse<String> canceled = post("/a2a/rest/tasks/" + id + ":cancel", body);
        assertEquals(200, canceled.statusCode(), canceled.body());
        assertEquals("TASK_STATE_CANCELED", Http.json(canceled).getJsonObject("status").getString("state"));
    }

    @Test
    void streamDataIsABareStreamResponse() throws Exception {
        try (JsonRpc.Stream stream = streamOf("/a2a/rest/message:stream", "POST", send("chunks:2"), null)) {
            assertTrue(stream.contentType().startsWith("text/event-stream"));
            List<JsonRpc.Event> events = stream.rest();
            assertTrue(events.get(0).data().containsKey("task"), "no JSON-RPC envelope: " + events.get(0));
            JsonObject last = events.get(events.size() - 1).data();
            assertEquals("TASK_STATE_COMPLETED", last.getJsonObject("statusUpdate").getJsonObject("status")
                    .getString("state"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST"})
    void subscribeAnswersBothVerbsAndResumes(String verb) throws Exception {
        String id;
        List<JsonRpc.Event> all;
        try (JsonRpc.Stream stream = streamOf("/a2a/rest/message:stream", "POST", send("chunks:3"), null)) {
            all = stream.rest();
            id = all.get(0).data().getJsonObject("task").getString("id");
        }
        try (JsonRpc.Stream resumed = streamOf("/a2a/rest/tasks/" + id + ":subscribe", verb,
                verb.equals("POST") ? "{}" : null, all.get(1).id())) {
            assertEquals(all.subList(2, all.size()).stream().map(JsonRpc.Event::id).toList(),
                    resumed.rest().stream().map(JsonRpc.Event::id).toList());
        }
        HttpResponse<String> terminal = http.get("/a2a/rest/tasks/" + id + ":subscribe");
        assertError(terminal, 400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION");
    }

    @Test
    void errorsAreGoogleRpcStatusBodies() {
        assertError(http.get("/a2a/rest/tasks/nonexistent-task-id"), 404, "NOT_FOUND", "TASK_NOT_FOUND");
        assertError(post("/a2a/rest/tasks/nonexistent-task-id:cancel", "{}"), 404, "NOT_FOUND", "TASK_NOT_FOUND");
        assertError(http.get("/a2a/rest/tasks?pageSize=0"), 400, "INVALID_ARGUMENT", "INVALID_PARAMS");
        assertError(http.get("/a2a/rest/tasks?status=BOGUS"), 400, "INVALID_ARGUMENT", "INVALID_PARAMS");
        assertError(http.get("/a2a/rest/tasks?pageToken=invalid-token-xyz"), 400, "INVALID_ARGUMENT",
                "INVALID_PARAMS");
        assertError(post("/a2a/rest/message:send", "{\"message\":{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":[]}}"),
                400, "INVALID_ARGUMENT", "INVALID_PARAMS");
        assertError(post("/a2a/rest/message:send", "{\"message\":"), 400, "INVALID_ARGUMENT", "INVALID_REQUEST");
        assertError(post("/a2a/rest/message:send", ""), 400, "INVALID_ARGUMENT", "INVALID_REQUEST");
        assertError(http.send(http.request("/a2a/rest/message:send").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("hi")).build()), 415, "INVALID_ARGUMENT",
                "CONTENT_TYPE_NOT_SUPPORTED");
        assertError(post("/a2a/rest/tasks/t/pushNotificationConfigs", "{\"url\":\"https://example.com/h\"}"), 404,
                "NOT_FOUND", "TASK_NOT_FOUND");
        assertError(http.get("/a2a/rest/tasks/t/pushNotificationConfigs"), 404, "NOT_FOUND", "TASK_NOT_FOUND");
        assertError(http.send(http.request("/a2a/rest/tasks/t/pushNotificationConfigs/c").DELETE().build()), 404,
                "NOT_FOUND", "TASK_NOT_FOUND");
        assertError(http.get("/a2a/rest/extendedAgentCard"), 400, "FAILED_PRECONDITION",
                "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
        assertError(http.get("/card"), 400, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
        assertError(http.get("/a2a/rest/tasks/x", "A2A-Version", "99.0"), 400, "FAILED_PRECONDITION",
                "VERSION_NOT_SUPPORTED");
        assertError(http.get("/a2a/rest/other-tenant/tasks"), 404, "NOT_FOUND", null);
        assertError(http.send(http.request("/a2a/rest/tasks/x").DELETE().build()), 405, "UNIMPLEMENTED", null);
    }

    @Test
    void a2aMediaTypeIsAcceptedAndAnswered() {
        HttpResponse<String> response = http.send(http.request("/a2a/rest/message:send")
                .header("Content-Type", "application/a2a+json").header("Accept", "application/a2a+json")
                .POST(HttpRequest.BodyPublishers.ofString(send("typed"))).build());
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/a2a+json"));
        HttpResponse<String> plain = post("/a2a/rest/message:send", send("plain"));
        assertTrue(plain.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    }

    @Test
    void theCardNamesTheRestEndpointAfterJsonRpcWithItsTenant() {
        JsonObject card = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
        JsonObject rest = card.getJsonArray("supportedInterfaces").getJsonObject(1);
        assertEquals("HTTP+JSON", rest.getString("protocolBinding"));
        assertTrue(rest.getString("url").endsWith("/a2a/rest"));
        assertEquals("acme", rest.getString("tenant"));
        assertEquals("JSONRPC", card.getJsonArray("supportedInterfaces").getJsonObject(0).getString("protocolBinding"));
    }

    private JsonRpc.Stream streamOf(String path, String verb, String body, String lastEventId) throws Exception {
        HttpRequest.Builder request = http.request(path).header("Accept", "text/event-stream")
                .method(verb, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return new JsonRpc.Stream(java.net.http.HttpClient.newHttpClient().send(request.build(),
                HttpResponse.BodyHandlers.ofInputStream()));
    }
}
