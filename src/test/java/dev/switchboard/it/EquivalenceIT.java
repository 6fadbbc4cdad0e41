package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two bindings are two doors to one agent: a task made through one is visible, cancelable and
 * subscribable through the other, and the same request fails the same way on both (same ErrorInfo
 * reason, the JSON-RPC code and HTTP status of the one error table).
 */
class EquivalenceIT extends OnTomcat {

    private JsonObject rest(String method, String path, JsonObject body) {
        HttpResponse<String> response = http.send(http.request("/a2a/rest" + path)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString())).build());
        return Http.json(response);
    }

    @Test
    void aTaskMadeOverJsonRpcIsTheSameOverRest() {
        JsonObject viaRpc = rpc.result("SendMessage", JsonRpc.send("same")).getJsonObject("task");
        JsonObject viaRest = rest("GET", "/tasks/" + viaRpc.getString("id"), null);
        assertEquals(viaRpc, viaRest);
        assertEquals(rpc.result("GetTask", JsonRpc.id(viaRpc.getString("id"))), viaRest);
    }

    @Test
    void aTaskMadeOverRestIsCanceledOverJsonRpcAndSeenOnBoth() {
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("slow:10000"))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
        String id = rest("POST", "/message:send", params).getJsonObject("task").getString("id");
        JsonObject canceled = rpc.result("CancelTask", JsonRpc.id(id));
        assertEquals("TASK_STATE_CANCELED", canceled.getJsonObject("status").getString("state"));
        assertEquals(canceled, rest("GET", "/tasks/" + id, null));
    }

    @Test
    void aTaskMadeOverRestIsSubscribedOverJsonRpc() throws Exception {
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("slow:1000"))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
        String id = rest("POST", "/message:send", params).getJsonObject("task").getString("id");
        try (JsonRpc.Stream stream = rpc.stream("SubscribeToTask", JsonRpc.id(id))) {
            List<JsonRpc.Event> events = stream.rest();
            assertEquals(id, events.get(0).data().getJsonObject("result").getJsonObject("task").getString("id"));
            assertEquals("TASK_STATE_COMPLETED", events.get(events.size() - 1).data().getJsonObject("result")
                    .getJsonObject("statusUpdate").getJsonObject("status").getString("state"));
        }
    }

    @Test
    void theSameFailuresCarryTheSameReasons() {
        assertSameError("GetTask", JsonRpc.id("nonexistent-task-id"), "GET", "/tasks/nonexistent-task-id", null,
                -32001, 404, "TASK_NOT_FOUND");
        assertSameError("ListTasks", Json.createObjectBuilder().add("pageSize", 101).build(), "GET",
                "/tasks?pageSize=101", null, -32602, 400, "INVALID_PARAMS");
        String done = rpc.result("SendMessage", JsonRpc.send("finished")).getJsonObject("task").getString("id");
        assertSameError("CancelTask", JsonRpc.id(done), "POST", "/tasks/" + done + ":cancel",
                Json.createObjectBuilder().build(), -32002, 400, "TASK_NOT_CANCELABLE");
        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("again")
                .add("taskId", done)).build();
        assertSameError("SendMessage", followUp, "POST", "/message:send", followUp, -32004, 400,
                "UNSUPPORTED_OPERATION");
        assertSameError("GetExtendedAgentCard", Json.createObjectBuilder().build(), "GET", "/extendedAgentCard", null,
                -32007, 400, "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
    }

    private void assertSameError(String method, JsonObject params, String verb, String path, JsonObject body,
                                 int code, int status, String reason) {
        JsonObject rpcError = rpc.call(method, params).getJsonObject("error");
        assertEquals(code, rpcError.getInt("code"));
        assertEquals(reason, rpcError.getJsonArray("data").getJsonObject(0).getString("reason"));
        HttpResponse<String> response = http.send(http.request("/a2a/rest" + path)
                .header("Content-Type", "application/json")
                .method(verb, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString())).build());
        assertEquals(status, response.statusCode(), response.body());
        JsonObject restError = Http.json(response).getJsonObject("error");
        assertEquals(reason, restError.getJsonArray("details").getJsonObject(0).getString("reason"));
        assertEquals(rpcError.getString("message"), restError.getString("message"));
    }
}
