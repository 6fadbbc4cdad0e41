package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.time.Clock;
import java.time.Duration;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.Tier;
import org.junit.jupiter.api.Test;

/**
 * Callers cannot see each other's tasks: not by id, not in lists, not by cancelling, subscribing
 * or continuing them, on either binding; a shared contextId joins nothing. The operator sees all.
 * A refused credential is a 401 with its reason, never a downgrade to anonymous. Clients behind
 * one address are not one caller: without a key each is its cookie, and lists only its own tasks.
 */
class IsolationIT extends OnTomcat {
    private static final String OPERATOR = Callers.OPERATOR;
    private static final ApiKeys KEYS = Callers.KEYS;

    private final String alice = "caller-alice-" + UUID.randomUUID();
    private final String bob = "caller-bob-" + UUID.randomUUID();

    private JsonObject rpc(String who, String method, JsonObject params) {
        return Callers.rpc(http, who, method, params);
    }

    private HttpResponse<String> rest(String who, String method, String path, String body) {
        return Callers.rest(http, who, method, path, body);
    }

    private static int code(JsonObject response) {
        return response.getJsonObject("error").getInt("code");
    }

    private String aliceTask(String contextId) {
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.message("slow:20000")
                        .add("contextId", contextId))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build();
        return rpc(alice, "SendMessage", params).getJsonObject("result").getJsonObject("task").getString("id");
    }

    @Test
    void anotherCallersTaskDoesNotExistForYouOnEitherBinding() {
        String context = "shared-" + UUID.randomUUID();
        String task = aliceTask(context);

        assertEquals(-32001, code(rpc(bob, "GetTask", JsonRpc.id(task))));
        assertEquals(-32001, code(rpc(bob, "CancelTask", JsonRpc.id(task))));
        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("mine now?")
                .add("taskId", task)).build();
        assertEquals(-32001, code(rpc(bob, "SendMessage", followUp)));
        assertEquals(404, rest(bob, "GET", "/tasks/" + task, null).statusCode());
        assertEquals(404, rest(bob, "POST", "/tasks/" + task + ":cancel", "{}").statusCode());
        assertEquals(404, rest(bob, "GET", "/tasks/" + task + ":subscribe", null).statusCode());
        JsonObject listed = rpc(bob, "ListTasks", Json.createObjectBuilder().add("contextId", context).build())
                .getJsonObject("result");
        assertEquals(0, listed.getInt("totalSize"), "a contextId filter shows nobody else's tasks");

        assertEquals(task, rpc(alice, "GetTask", JsonRpc.id(task)).getJsonObject("result").getString("id"));
        assertEquals("TASK_STATE_CANCELED", rpc(alice, "CancelTask", JsonRpc.id(task)).getJsonObject("result")
                .getJsonObject("status").getString("state"));
    }

    @Test
    void keyHoldersAreIsolatedToo() {
        String carol = KEYS.issue("carol", Tier.AUTHENTICATED, Duration.ofHours(1));
        String dave = KEYS.issue("dave", Tier.AUTHENTICATED, Duration.ofHours(1));
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.message("keyed")).build();
        String task = rpc(carol, "SendMessage", params).getJsonObject("result").getJsonObject("task").getString("id");
        assertEquals(task, rpc(carol, "GetTask", JsonRpc.id(task)).getJsonObject("result").getString("id"));
        assertEquals(-32001, code(rpc(dave, "GetTask", JsonRpc.id(task))));
        assertEquals(404, rest(dave, "GET", "/tasks/" + task, null).statusCode());
        assertEquals(404, rest(dave, "POST", "/tasks/" + task + ":cancel", "{}").statusCode());
        assertEquals(404, rest(dave, "POST", "/tasks/" + task + ":subscribe", "{}").statusCode());
        assertEquals(-32001, code(rpc(dave, "SubscribeToTask", JsonRpc.id(task))));
        assertEquals(0, Http.json(rest(dave, "GET", "/tasks?pageSize=100", null)).getJsonArray("tasks").stream()
                .filter(t -> t.asJsonObject().getString("id").equals(task)).count());
        assertEquals(-32001, code(rpc(alice, "GetTask", JsonRpc.id(task))), "nor do anonymous callers see it");
        assertEquals(200, rest(carol, "GET", "/tasks/" + task, null).statusCode());
        HttpResponse<String> keyHeader = http.send(http.request("/a2a/rest/tasks/" + task)
                .header("X-API-Key", carol).GET().build());
        assertEquals(200, keyHeader.statusCode(), "the key works in X-API-Key too");
    }

    @Test
    void theExtendedCardIsForAuthenticatedCallers() {
        String key = KEYS.issue("erin", Tier.AUTHENTICATED, Duration.ofHours(1));
        JsonObject extended = rpc(key, "GetExtendedAgentCard", Json.createObjectBuilder().build())
                .getJsonObject("result");
        assertTrue(extended.getJsonArray("skills").size() >= 2, extended.toString());
        assertEquals(200, rest(OPERATOR, "GET", "/extendedAgentCard", null).statusCode());
        assertEquals(-32007, code(rpc(alice, "GetExtendedAgentCard", Json.createObjectBuilder().build())));
        JsonObject card = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
        assertTrue(card.getJsonObject("capabilities").getBoolean("extendedAgentCard"));
        assertEquals("Bearer", card.getJsonObject("securitySchemes").getJsonObject("bearer")
                .getJsonObject("httpAuthSecurityScheme").getString("scheme"));
        assertEquals("X-API-Key", card.getJsonObject("securitySchemes").getJsonObject("apiKey")
                .getJsonObject("apiKeySecurityScheme").getString("name"));
        assertTrue(!card.containsKey("securityRequirements"), "anonymous callers are welcome by default");
    }

    @Test
    void theRestExtendedCardOfA2a03IsThe03Rendering() {
        String key = KEYS.issue("frank", Tier.AUTHENTICATED, Duration.ofHours(1));
        JsonObject overRpc = rpc(key, "agent/getAuthenticatedExtendedCard", Json.createObjectBuilder().build())
                .getJsonObject("result");
        for (String path : new String[] {"/a2a/rest/v1/card", "/v1/card"}) {
            HttpRequest.Builder request = http.request(path).GET();
            Callers.credentials(request, key);
            HttpResponse<String> overRest = http.send(request.build());
            assertEquals(200, overRest.statusCode(), path + ": " + overRest.body());
            JsonObject card = Http.json(overRest);
            assertEquals(overRpc, card, path + " and agent/getAuthenticatedExtendedCard agree");
            assertEquals("0.3.0", card.getString("protocolVersion"), path);
            assertTrue(card.getBoolean("supportsAuthenticatedExtendedCard"), path);
            assertFalse(card.containsKey("supportedInterfaces"), path + ": no 1.0 field");
        }
        HttpResponse<String> anonymous = rest(alice, "GET", "/v1/card", null);
        assertEquals(rest(alice, "GET", "/extendedAgentCard", null).statusCode(), anonymous.statusCode(),
                "refused as on the 1.0 route: " + anonymous.body());
        assertFalse(anonymous.body().contains("skills"), anonymous.body());
    }

    @Test
    void expiredAndForgedKeysAre401() {
        ApiKeys past = new ApiKeys(ApiKeys.decodeSecret("aW50ZWdyYXRpb24tdGVzdC1rZXktc2VjcmV0LTMyYnkhIQ=="), Set.of(),
                Clock.offset(Clock.systemUTC(), Duration.ofDays(-10)));
        String expired = past.issue("old", Tier.AUTHENTICATED, Duration.ofDays(1));
        assertUnauthenticated(http.send(http.request("/a2a/rest/tasks/x").header("Authorization", "Bearer " + expired)
                .GET().build()), "EXPIRED");
        String forged = new ApiKeys(ApiKeys.decodeSecret(ApiKeys.newSecret()), Set.of(), Clock.systemUTC())
                .issue("forged", Tier.OPERATOR, Duration.ofDays(1));
        assertUnauthenticated(http.send(http.request("/a2a/rest/tasks/x").header("Authorization", "Bearer " + forged)
                .GET().build()), "BAD_SIGNATURE");
        assertUnauthenticated(http.send(http.request("/a2a/rest/tasks/x").header("X-API-Key", "sbk_abc.def")
                .GET().build()), "MALFORMED");
    }

    @Test
    void aSharedContextIdJoinsNothing() {
        String context = "joined-" + UUID.randomUUID();
        String task = aliceTask(context);
        JsonObject bobsParams = Json.createObjectBuilder().add("message", JsonRpc.message("hello")
                .add("contextId", context)).build();
        JsonObject bobs = rpc(bob, "SendMessage", bobsParams).getJsonObject("result").getJsonObject("task");
        List<String> bobSees = rpc(bob, "ListTasks", Json.createObjectBuilder().add("contextId", context).build())
                .getJsonObject("result").getJsonArray("tasks").getValuesAs(JsonValue::asJsonObject).stream()
                .map(t -> t.getString("id")).toList();
        assertEquals(List.of(bobs.getString("id")), bobSees);
        assertFalse(bobSees.contains(task));
        rpc(alice, "CancelTask", JsonRpc.id(task));
    }

    @Test
    void theOperatorSeesEveryone() {
        String context = "operated-" + UUID.randomUUID();
        String task = aliceTask(context);
        JsonObject seen = rpc(OPERATOR, "GetTask", JsonRpc.id(task)).getJsonObject("result");
        assertEquals(task, seen.getString("id"));
        assertEquals(1, rpc(OPERATOR, "ListTasks", Json.createObjectBuilder().add("contextId", context).build())
                .getJsonObject("result").getInt("totalSize"));
        assertEquals(200, rest(OPERATOR, "POST", "/tasks/" + task + ":cancel", "{}").statusCode());
    }

    @Test
    void refusedCredentialsAre401WithTheirReason() {
        assertUnauthenticated(http.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .header("Authorization", "Bearer not-the-operator-token").POST(HttpRequest.BodyPublishers
                        .ofString(JsonRpc.envelope("GetTask", JsonRpc.id("x")))).build()), "INVALID_TOKEN");
        assertUnauthenticated(http.send(http.request("/a2a/rest/tasks/x").header("X-Switchboard-Caller-Key", "short")
                .GET().build()), "CALLER_KEY_TOO_SHORT");
        assertUnauthenticated(http.send(http.request("/a2a/rest/tasks/x").header("Authorization", "Basic dXNlcjpwdw==")
                .GET().build()), "UNSUPPORTED_SCHEME");
        assertEquals(200, http.get("/.well-known/agent-card.json", "Authorization", "Bearer wrong").statusCode(),
                "discovery is never gated");
        assertEquals(200, http.get("/health", "Authorization", "Bearer wrong").statusCode());
    }

    private static void assertUnauthenticated(HttpResponse<String> response, String reason) {
        assertEquals(401, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
        JsonObject body = Http.json(response);
        JsonObject error = body.getJsonObject("error");
        if (body.containsKey("jsonrpc")) {
            // the JSON-RPC endpoint answers in its own envelope: an invalid request with the reason
            assertEquals(-32600, error.getInt("code"), response.body());
            assertEquals(reason, error.getJsonArray("data").getJsonObject(0).getString("reason"));
        } else {
            assertEquals("UNAUTHENTICATED", error.getString("status"));
            assertEquals(reason, error.getJsonArray("details").getJsonObject(0).getString("reason"));
        }
        assertFalse(response.body().contains("not-the-operator-token"), "the credential is never echoed");
    }

    /** One client of its own, behind the same address as every other test client: its own cookie jar, or none. */
    private HttpResponse<String> asClient(HttpClient client, String method, JsonObject params) throws Exception {
        return client.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpClient keepingCookies() {
        return HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build();
    }

    @Test
    void clientsBehindOneAddressNeitherListNorJoinEachOthersTasksButReachATaskByItsId() throws Exception {
        HttpClient first = keepingCookies();
        HttpClient second = keepingCookies();
        String context = "one-address-" + UUID.randomUUID();
        JsonObject send = Json.createObjectBuilder().add("message", JsonRpc.message("mine")
                .add("contextId", context)).build();
        HttpResponse<String> sent = asClient(first, "SendMessage", send);
        String cookie = sent.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.startsWith("switchboard-caller=") && cookie.contains("HttpOnly")
                && cookie.contains("SameSite=Strict"), cookie);
        String task = Http.json(sent).getJsonObject("result").getJsonObject("task").getString("id");

        JsonObject byContext = Json.createObjectBuilder().add("contextId", context).build();
        assertEquals(1, Http.json(asClient(first, "ListTasks", byContext)).getJsonObject("result")
                .getInt("totalSize"), "a client that keeps its cookie lists its own tasks");
        assertEquals(0, Http.json(asClient(second, "ListTasks", byContext)).getJsonObject("result")
                .getInt("totalSize"), "a neighbour behind the same address lists none of them");
        assertEquals(0, Http.json(asClient(HttpClient.newHttpClient(), "ListTasks", byContext))
                .getJsonObject("result").getInt("totalSize"), "nor does a client that keeps no cookie");

        assertEquals(task, Http.json(asClient(second, "GetTask", JsonRpc.id(task))).getJsonObject("result")
                .getString("id"), "the task's id is its capability");
        HttpResponse<String> byKey = Callers.rest(http, alice, "GET", "/tasks/" + task, null);
        assertEquals(200, byKey.statusCode(), "whoever holds the id reaches a cookie caller's task");

        String keyed = aliceTask("keyed-" + UUID.randomUUID());
        assertEquals(-32001, code(Http.json(asClient(second, "GetTask", JsonRpc.id(keyed)))),
                "a caller key's task is its owner's only");
    }
}
