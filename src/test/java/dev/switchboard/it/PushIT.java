package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Push notifications against a real webhook on a loopback port, which the test server's allowlist
 * (set in arquillian.xml) lets it reach: every event of the task's log arrives in order, once the
 * webhook takes it, as one StreamResponse with the config's headers and a signature that verifies
 * with the published JWK Set; 500s are retried, redirects are not followed; a black-holed webhook
 * delays no other; the config operations work on both bindings, only for the task's owner, and up
 * to the limit of configs per task.
 */
class PushIT extends OnTomcat {
    private static final String OTHER_CALLER = "another-caller-key-0123456789";

    private WebhookReceiver webhook;

    @BeforeEach
    void receiver() throws Exception {
        webhook = new WebhookReceiver();
    }

    @AfterEach
    void stop() {
        webhook.close();
    }

    private JsonObjectBuilder config(String path) {
        return Json.createObjectBuilder().add("url", webhook.url(path)).add("token", "notification-token-1")
                .add("authentication", Json.createObjectBuilder().add("scheme", "Bearer")
                        .add("credentials", "webhook-credentials-1"));
    }

    private JsonObject sendWithPush(String text, JsonObjectBuilder config) {
        return rpc.result("SendMessage", Json.createObjectBuilder().add("message", JsonRpc.userMessage(text))
                .add("configuration", Json.createObjectBuilder().add("taskPushNotificationConfig", config)).build())
                .getJsonObject("task");
    }

    /** The task's log as SubscribeToTask replays it: one StreamResponse per stored event. */
    private List<JsonObject> log(String taskId) throws Exception {
        try (JsonRpc.Stream stream = rpc.stream("SubscribeToTask", JsonRpc.id(taskId), "Last-Event-ID", "0")) {
            return stream.rest().stream().map(event -> event.data().getJsonObject("result")).toList();
        }
    }

    @Test
    void everyEventArrivesInOrderWithHeadersAndAVerifiableSignature() throws Exception {
        JsonObject task = sendWithPush("input", config("/hook"));
        String taskId = task.getString("id");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.getJsonObject("status").getString("state"));
        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("more")
                .add("taskId", taskId)).build();
        assertEquals("TASK_STATE_COMPLETED", rpc.result("SendMessage", followUp).getJsonObject("task")
                .getJsonObject("status").getString("state"));

        List<JsonObject> expected = log(taskId);
        assertTrue(expected.size() >= 3, expected.toString());
        List<WebhookReceiver.Delivery> got = webhook.await("/hook", list -> list.size() >= expected.size(), 30);
        assertEquals(expected, got.stream().map(WebhookReceiver.Delivery::json).toList());

        JWKSet keys = JWKSet.parse(http.get("/.well-known/jwks.json").body());
        for (WebhookReceiver.Delivery delivery : got) {
            assertEquals("application/a2a+json", delivery.header("Content-Type"));
            assertEquals("Bearer webhook-credentials-1", delivery.header("Authorization"));
            assertEquals("notification-token-1", delivery.header("X-A2A-Notification-Token"));
            JWSObject jws = JWSObject.parse(delivery.header("X-Switchboard-Signature"), new Payload(delivery.body()));
            ECKey key = (ECKey) keys.getKeyByKeyId(jws.getHeader().getKeyID());
            assertNotNull(key, "the signing key is in the JWKS");
            assertTrue(jws.verify(new ECDSAVerifier(key)), "signature verifies over the body");
        }
        JsonObject last = got.get(got.size() - 1).json();
        assertEquals("TASK_STATE_COMPLETED", last.getJsonObject("statusUpdate").getJsonObject("status").getString("state"));
    }

    @Test
    void failedDeliveriesAreRetriedUntilTheWebhookTakesThem() throws Exception {
        webhook.failNext("/flaky", 2);
        String taskId = sendWithPush("hello", config("/flaky")).getString("id");
        List<JsonObject> expected = log(taskId);
        List<WebhookReceiver.Delivery> got = webhook.await("/flaky", list -> list.size() >= expected.size() + 2, 40);
        assertEquals(got.get(0).json(), got.get(1).json(), "the first event is sent again");
        assertEquals(got.get(0).json(), got.get(2).json(), "and again, until the webhook takes it");
        assertEquals(expected, got.subList(2, got.size()).stream().map(WebhookReceiver.Delivery::json).toList());
    }

    @Test
    void redirectsAreNotFollowed() throws Exception {
        webhook.answer("/moved", 302);
        sendWithPush("hello", config("/moved"));
        webhook.await("/moved", list -> list.size() >= 2, 30);
        assertTrue(webhook.on("/moved-target").isEmpty(), "the redirect target was never called");
    }

    /** A 0.3 JSON-RPC call: no version header, the 0.3 method name, the 0.3 shapes. */
    private JsonObject v03(String method, JsonObject params) {
        HttpResponse<String> response = http.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params))).build());
        assertEquals(200, response.statusCode(), response.body());
        return Http.json(response);
    }

    @Test
    void aConfigRegisteredIn03IsManagedAndDeliveredIn03Shapes() throws Exception {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        JsonObject set = v03("tasks/pushNotificationConfig/set", Json.createObjectBuilder().add("taskId", taskId)
                .add("pushNotificationConfig", Json.createObjectBuilder().add("url", webhook.url("/v03"))
                        .add("token", "token-03")).build()).getJsonObject("result");
        assertEquals(taskId, set.getString("taskId"));
        assertEquals(taskId, set.getJsonObject("pushNotificationConfig").getString("id"),
                "a 0.3 config without an id takes the task's");
        JsonObject got = v03("tasks/pushNotificationConfig/get", JsonRpc.id(taskId)).getJsonObject("result");
        assertEquals(webhook.url("/v03"), got.getJsonObject("pushNotificationConfig").getString("url"));
        JsonValue listed = v03("tasks/pushNotificationConfig/list", JsonRpc.id(taskId)).get("result");
        assertEquals(1, listed.asJsonArray().size(), "0.3 lists are bare arrays");

        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("more")
                .add("taskId", taskId)).build();
        rpc.result("SendMessage", followUp);
        List<WebhookReceiver.Delivery> got03 = webhook.await("/v03", list -> list.stream()
                .anyMatch(d -> "completed".equals(d.json().getJsonObject("status").getString("state"))), 30);
        for (WebhookReceiver.Delivery delivery : got03) {
            assertEquals("task", delivery.json().getString("kind"), "a 0.3 receiver gets the 0.3 task");
            assertEquals(taskId, delivery.json().getString("id"));
            assertEquals("token-03", delivery.header("X-A2A-Notification-Token"));
        }
        JsonValue deleted = v03("tasks/pushNotificationConfig/delete", Json.createObjectBuilder().add("id", taskId)
                .add("pushNotificationConfigId", taskId).build()).get("result");
        assertEquals(JsonValue.NULL, deleted);
    }

    @Test
    void configOperationsOnJsonRpc() {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        JsonObject chosen = rpc.result("CreateTaskPushNotificationConfig", config("/ops").add("taskId", taskId)
                .add("id", "my-config").build());
        assertEquals("my-config", chosen.getString("id"));
        assertEquals(taskId, chosen.getString("taskId"));
        JsonObject assigned = rpc.result("CreateTaskPushNotificationConfig", config("/ops2").add("taskId", taskId)
                .build());
        assertFalse(assigned.getString("id").isEmpty());

        JsonObject got = rpc.result("GetTaskPushNotificationConfig", Json.createObjectBuilder()
                .add("taskId", taskId).add("id", "my-config").build());
        assertEquals(webhook.url("/ops"), got.getString("url"));

        JsonObject first = rpc.result("ListTaskPushNotificationConfigs", Json.createObjectBuilder()
                .add("taskId", taskId).add("pageSize", 1).build());
        assertEquals(1, first.getJsonArray("configs").size());
        assertFalse(first.getString("nextPageToken").isEmpty());
        JsonObject second = rpc.result("ListTaskPushNotificationConfigs", Json.createObjectBuilder()
                .add("taskId", taskId).add("pageSize", 1).add("pageToken", first.getString("nextPageToken")).build());
        assertEquals(1, second.getJsonArray("configs").size());
        assertEquals("", second.getString("nextPageToken"));
        assertFalse(first.getJsonArray("configs").getJsonObject(0).getString("id")
                .equals(second.getJsonArray("configs").getJsonObject(0).getString("id")));

        JsonObject key = Json.createObjectBuilder().add("taskId", taskId).add("id", "my-config").build();
        assertEquals(Json.createObjectBuilder().build(), rpc.result("DeleteTaskPushNotificationConfig", key));
        assertEquals(Json.createObjectBuilder().build(), rpc.result("DeleteTaskPushNotificationConfig", key));
        assertEquals(-32001, rpc.errorCode("GetTaskPushNotificationConfig", key));
        assertEquals(-32001, rpc.errorCode("CreateTaskPushNotificationConfig", config("/x")
                .add("taskId", "nonexistent-task-id").build()));
    }

    private JsonObject asOther(String method, JsonObject params) {
        return Http.json(http.send(http.request("/a2a/jsonrpc")
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .header("X-Switchboard-Caller-Key", OTHER_CALLER)
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params))).build()));
    }

    /**
     * This test's client keeps the server's cookie, so its tasks are held by id: another caller
     * with the id sees where the configs send events, never their secrets, and may delete them, as
     * it may cancel the task (a client without cookies, any gRPC client, is a new caller each call).
     */
    @Test
    void anotherCallerSeesNoSecretOfTheConfigsAndMayDeleteThem() {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        rpc.result("CreateTaskPushNotificationConfig", config("/mine").add("taskId", taskId).add("id", "c1").build());
        JsonObject key = Json.createObjectBuilder().add("taskId", taskId).add("id", "c1").build();
        JsonObject seen = asOther("GetTaskPushNotificationConfig", key).getJsonObject("result");
        assertEquals(webhook.url("/mine"), seen.getString("url"));
        assertFalse(seen.containsKey("token"), seen.toString());
        assertFalse(seen.toString().contains("webhook-credentials-1"), seen.toString());
        JsonObject listed = asOther("ListTaskPushNotificationConfigs", key).getJsonObject("result");
        assertFalse(listed.toString().contains("notification-token-1"), listed.toString());
        JsonObject own = rpc.result("GetTaskPushNotificationConfig", key);
        assertEquals("notification-token-1", own.getString("token"), "the owner's config is whole and still there");
        assertTrue(asOther("DeleteTaskPushNotificationConfig", key).containsKey("result"));
        assertEquals(-32001, rpc.errorCode("GetTaskPushNotificationConfig", key), "deleted by the holder of the id");

        String keyed = asOther("SendMessage", JsonRpc.send("input")).getJsonObject("result").getJsonObject("task")
                .getString("id");
        assertEquals(-32001, rpc.errorCode("ListTaskPushNotificationConfigs", Json.createObjectBuilder()
                .add("taskId", keyed).build()), "a caller key's task is its owner's alone");
    }

    @Test
    void configOperationsOnRest() {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        String base = "/a2a/rest/acme/tasks/" + taskId + "/pushNotificationConfigs";
        HttpResponse<String> created = http.send(http.request(base).header("Content-Type", "application/json")
                .header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString(config("/rest").add("id", "r1").build().toString())).build());
        assertEquals(200, created.statusCode(), created.body());
        assertEquals("r1", Http.json(created).getString("id"));
        assertEquals(webhook.url("/rest"), Http.json(http.get(base + "/r1", "A2A-Version", "1.0")).getString("url"));
        assertEquals(1, Http.json(http.get(base, "A2A-Version", "1.0")).getJsonArray("configs").size());
        HttpResponse<String> deleted = http.send(http.request(base + "/r1").header("A2A-Version", "1.0")
                .DELETE().build());
        assertEquals(200, deleted.statusCode(), deleted.body());
        assertEquals(404, http.get(base + "/r1", "A2A-Version", "1.0").statusCode());
    }

    @Test
    void lineBreaksInHeaderValuesAreRefused() {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        assertEquals(-32602, rpc.errorCode("CreateTaskPushNotificationConfig", config("/x").add("taskId", taskId)
                .add("token", "a\r\nX-Injected: 1").build()));
        assertEquals(-32602, rpc.errorCode("CreateTaskPushNotificationConfig", Json.createObjectBuilder()
                .add("taskId", taskId).add("url", webhook.url("/x")).add("authentication", Json.createObjectBuilder()
                        .add("scheme", "Bearer").add("credentials", "c\nX: y")).build()));
    }

    /** The default limit of configs per task, on both bindings and inside SendMessage. */
    @Test
    void aTaskTakesOnlySoManyConfigs() {
        String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        for (int i = 0; i < 10; i++) {
            rpc.result("CreateTaskPushNotificationConfig", config("/many").add("taskId", taskId).add("id", "c" + i)
                    .build());
        }
        JsonObject error = rpc.call("CreateTaskPushNotificationConfig", config("/many").add("taskId", taskId)
                .add("id", "c10").build()).getJsonObject("error");
        assertEquals(-32602, error.getInt("code"), error.toString());
        assertTrue(error.getString("message").contains("limit 10"), error.toString());
        rpc.result("CreateTaskPushNotificationConfig", config("/replaced").add("taskId", taskId).add("id", "c0")
                .build());

        HttpResponse<String> rest = http.send(http.request("/a2a/rest/acme/tasks/" + taskId + "/pushNotificationConfigs")
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString(config("/many").add("id", "r1").build().toString())).build());
        assertEquals(400, rest.statusCode(), rest.body());
        assertTrue(rest.body().contains("limit 10"), rest.body());

        int history = rpc.result("GetTask", JsonRpc.id(taskId)).getJsonArray("history").size();
        JsonObject send = rpc.call("SendMessage", Json.createObjectBuilder().add("message", JsonRpc.message("more")
                .add("taskId", taskId)).add("configuration", Json.createObjectBuilder()
                .add("taskPushNotificationConfig", config("/many").add("id", "s1"))).build());
        assertEquals(-32602, send.getJsonObject("error").getInt("code"), send.toString());
        JsonObject task = rpc.result("GetTask", JsonRpc.id(taskId));
        assertEquals(history, task.getJsonArray("history").size(), "the refused message was not taken in");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.getJsonObject("status").getString("state"));
    }

    /**
     * Six configs on a webhook that accepts connections and never answers, each holding a sender
     * until the 10 s deadline: a healthy webhook's notifications still arrive well before it.
     */
    @Test
    void aBlackHoledWebhookDoesNotDelayOthers() throws Exception {
        try (ServerSocket blackHole = new ServerSocket(0, 64, InetAddress.getLoopbackAddress())) {
            List<Socket> swallowed = new CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        swallowed.add(blackHole.accept());
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String holed = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
            for (int i = 0; i < 6; i++) {
                rpc.result("CreateTaskPushNotificationConfig", Json.createObjectBuilder().add("taskId", holed)
                        .add("id", "hole" + i).add("url", "http://127.0.0.1:" + blackHole.getLocalPort() + "/hook")
                        .build());
            }
            rpc.result("SendMessage", Json.createObjectBuilder().add("message", JsonRpc.message("more")
                    .add("taskId", holed)).build());
            long start = System.nanoTime();
            String healthy = sendWithPush("hello", config("/healthy")).getString("id");
            webhook.await("/healthy", list -> list.stream().anyMatch(d -> d.json().toString()
                    .contains("TASK_STATE_COMPLETED")), 30);
            long took = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(took < 5_000, "the healthy webhook waited " + took + " ms for task " + healthy);
            assertFalse(swallowed.isEmpty(), "the black hole was called");
            for (int i = 0; i < 6; i++) {
                rpc.result("DeleteTaskPushNotificationConfig", Json.createObjectBuilder().add("taskId", holed)
                        .add("id", "hole" + i).build());
            }
            for (Socket socket : swallowed) {
                socket.close();
            }
        }
    }

    @Test
    void theCardDeclaresPushAndNamesTheNotificationKeys() {
        JsonObject card = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
        JsonObject capabilities = card.getJsonObject("capabilities");
        assertTrue(capabilities.getBoolean("pushNotifications"));
        JsonObject extension = capabilities.getJsonArray("extensions").getJsonObject(0);
        assertEquals("urn:switchboard:a2a:signed-notifications:v1", extension.getString("uri"));
        assertTrue(extension.getJsonObject("params").getString("jwksUri").endsWith("/.well-known/jwks.json"));
        HttpResponse<String> jwks = http.get("/.well-known/jwks.json");
        assertEquals(200, jwks.statusCode());
        assertFalse(jwks.body().contains("\"d\""), "no private part: " + jwks.body());
    }
}
