package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A retried first send is answered with the task the first one created, on every binding and
 * line, also when the retries race and after the server was killed and started again; another
 * caller's message with the same messageId is its own. One server for the class, killed last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IdempotentSendIT {
    @TempDir
    static Path temp;
    private static ServerProcess server;
    private static Http http;

    private final String caller = "caller-idempotent-" + UUID.randomUUID();

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.launch(temp.resolve("base-1"), temp.resolve("data"), Deployments.builtWar());
        server.start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stopServer() throws InterruptedException {
        server.close();
    }

    private static HttpRequest.Builder post(String path, String who, String body) {
        HttpRequest.Builder request = http.request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (who != null) {
            request.header("X-Switchboard-Caller-Key", who);
        }
        return request;
    }

    /** A 1.0 JSON-RPC call's result as the given caller (null: told apart by its address only). */
    private static JsonObject rpc(String who, String method, JsonObject params) {
        HttpResponse<String> response = http.send(post("/a2a/jsonrpc", who, JsonRpc.envelope(method, params))
                .header("A2A-Version", "1.0").build());
        assertEquals(200, response.statusCode(), response.body());
        JsonObject body = Http.json(response);
        assertTrue(body.containsKey("result"), method + " failed: " + body);
        return body.getJsonObject("result");
    }

    private static JsonObject send(JsonObject message) {
        return Json.createObjectBuilder().add("message", message).build();
    }

    private static JsonObject sendNow(JsonObject message) {
        return Json.createObjectBuilder().add("message", message)
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
    }

    private static String state(JsonObject task) {
        return task.getJsonObject("status").getString("state");
    }

    private int tasksOf(String who) {
        return rpc(who, "ListTasks", Json.createObjectBuilder().build()).getInt("totalSize");
    }

    @Test
    @Order(1)
    void aJsonRpcRepeatIsAnsweredWithTheFirstTask() {
        JsonObject message = JsonRpc.userMessage("once");
        JsonObject first = rpc(caller, "SendMessage", send(message)).getJsonObject("task");
        JsonObject again = rpc(caller, "SendMessage", send(message)).getJsonObject("task");
        assertEquals(first.getString("id"), again.getString("id"));
        assertEquals("TASK_STATE_COMPLETED", state(again));
        assertEquals(first.getJsonArray("artifacts"), again.getJsonArray("artifacts"));
        assertEquals(1, tasksOf(caller));
    }

    @Test
    @Order(2)
    void anHttpJsonRepeatIsAnsweredWithTheFirstTaskWhicheverBindingSentIt() {
        JsonObject message = JsonRpc.userMessage("over rest");
        String body = send(message).toString();
        HttpResponse<String> first = http.send(post("/a2a/rest/message:send", caller, body)
                .header("A2A-Version", "1.0").build());
        assertEquals(200, first.statusCode(), first.body());
        HttpResponse<String> again = http.send(post("/a2a/rest/message:send", caller, body)
                .header("A2A-Version", "1.0").build());
        assertEquals(200, again.statusCode(), again.body());
        String id = Http.json(first).getJsonObject("task").getString("id");
        assertEquals(id, Http.json(again).getJsonObject("task").getString("id"));
        assertEquals(id, rpc(caller, "SendMessage", send(message)).getJsonObject("task").getString("id"),
                "the same message over JSON-RPC is the same send");
        assertEquals(1, tasksOf(caller));
    }

    @Test
    @Order(3)
    void aStreamingRepeatStartsWithTheTaskAsItIsAndFollowsIt() throws Exception {
        JsonObject message = JsonRpc.userMessage("slow:3000");
        JsonObject first = rpc(caller, "SendMessage", sendNow(message)).getJsonObject("task");
        HttpRequest request = post("/a2a/jsonrpc", caller, JsonRpc.envelope("SendStreamingMessage", send(message)))
                .header("A2A-Version", "1.0").header("Accept", "text/event-stream").build();
        try (JsonRpc.Stream stream = new JsonRpc.Stream(HttpClient.newHttpClient().send(request,
                HttpResponse.BodyHandlers.ofInputStream()))) {
            assertTrue(stream.contentType().startsWith("text/event-stream"), stream.contentType());
            List<JsonRpc.Event> events = stream.rest();
            JsonObject snapshot = events.get(0).data().getJsonObject("result").getJsonObject("task");
            assertEquals(first.getString("id"), snapshot.getString("id"));
            assertTrue(Set.of("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING").contains(state(snapshot)),
                    "the task as it is, still running: " + snapshot);
            JsonObject last = events.get(events.size() - 1).data().getJsonObject("result");
            assertEquals("TASK_STATE_COMPLETED", last.getJsonObject("statusUpdate").getJsonObject("status")
                    .getString("state"), events.toString());
        }
        assertEquals(1, tasksOf(caller));
    }

    @Test
    @Order(4)
    void aZeroThreeRepeatIsAnsweredWithTheFirstTask() {
        String params = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("kind", "message").add("messageId", UUID.randomUUID().toString()).add("role", "user")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("kind", "text")
                        .add("text", "in 0.3")))
                .add("metadata", Json.createObjectBuilder().add("skill", "echo"))).build().toString();
        String envelope = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":" + params + "}";
        JsonObject first = Http.json(http.send(post("/a2a/jsonrpc", caller, envelope).build())).getJsonObject("result");
        JsonObject again = Http.json(http.send(post("/a2a/jsonrpc", caller, envelope).build())).getJsonObject("result");
        assertEquals("task", again.getString("kind"));
        assertEquals(first.getString("id"), again.getString("id"));
        assertEquals("completed", again.getJsonObject("status").getString("state"));
        assertEquals(1, tasksOf(caller));
    }

    @Test
    @Order(5)
    void anotherCallersSameMessageIdStartsItsOwnTask() {
        JsonObject message = JsonRpc.userMessage("mine");
        String other = "caller-other-" + UUID.randomUUID();
        String mine = rpc(caller, "SendMessage", send(message)).getJsonObject("task").getString("id");
        String theirs = rpc(other, "SendMessage", send(message)).getJsonObject("task").getString("id");
        String byAddress = rpc(null, "SendMessage", send(message)).getJsonObject("task").getString("id");
        assertEquals(3, Set.of(mine, theirs, byAddress).size(), "three callers, three tasks");
        assertEquals(theirs, rpc(other, "SendMessage", send(message)).getJsonObject("task").getString("id"));
        assertEquals(byAddress, rpc(null, "SendMessage", send(message)).getJsonObject("task").getString("id"));
        assertEquals(1, tasksOf(other));
    }

    @Test
    @Order(6)
    void racingRepeatsAllGetTheOneTask() throws Exception {
        int racers = 8;
        JsonObject message = JsonRpc.userMessage("slow:300");
        CyclicBarrier start = new CyclicBarrier(racers);
        ExecutorService clients = Executors.newFixedThreadPool(racers);
        try {
            List<Future<JsonObject>> answers = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                answers.add(clients.submit(() -> {
                    start.await();
                    return rpc(caller, "SendMessage", send(message)).getJsonObject("task");
                }));
            }
            Set<String> ids = new HashSet<>();
            for (Future<JsonObject> answer : answers) {
                ids.add(answer.get(60, TimeUnit.SECONDS).getString("id"));
            }
            assertEquals(1, ids.size(), "every racer got the same task: " + ids);
        } finally {
            clients.shutdownNow();
        }
        assertEquals(1, tasksOf(caller));
    }

    @Test
    @Order(100)
    void aRetryAfterTheServerWasKilledGetsTheSameTask() throws Exception {
        JsonObject done = JsonRpc.userMessage("before the crash");
        JsonObject running = JsonRpc.userMessage("slow:600000");
        String doneId = rpc(caller, "SendMessage", send(done)).getJsonObject("task").getString("id");
        String runningId = rpc(caller, "SendMessage", sendNow(running)).getJsonObject("task").getString("id");
        server.kill();

        server = ServerProcess.launch(temp.resolve("base-2"), temp.resolve("data"), Deployments.builtWar());
        server.start();
        http = new Http(server.url());
        JsonObject retried = rpc(caller, "SendMessage", send(done)).getJsonObject("task");
        assertEquals(doneId, retried.getString("id"));
        assertEquals("TASK_STATE_COMPLETED", state(retried));
        JsonObject interrupted = rpc(caller, "SendMessage", send(running)).getJsonObject("task");
        assertEquals(runningId, interrupted.getString("id"));
        assertEquals("TASK_STATE_FAILED", state(interrupted), "as it is now: the restart failed it");
        assertEquals(2, tasksOf(caller));
        assertNotEquals(doneId, rpc(null, "SendMessage", send(done)).getJsonObject("task").getString("id"),
                "another caller's message is still its own");
    }
}
