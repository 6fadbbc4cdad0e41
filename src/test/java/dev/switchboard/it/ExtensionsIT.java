package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.security.Tier;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A2A extensions over JSON-RPC and HTTP+JSON, in 1.0 and 0.3, on the real Tomcat, with the
 * {@link ExtensionSkill} installed (one optional extension, one required): the card lists both,
 * a call that activates the required one is answered with the activated ones echoed in
 * {@code A2A-Extensions} (streams too) and the skill sees them, a call that does not is
 * ExtensionSupportRequired in the binding's and line's shape. Its own deployment, since no other
 * test's client activates the required extension. gRPC: {@link ExtensionsGrpcIT}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ExtensionsIT {
    static final String BOTH = ExtensionSkill.CONTRACT + ", urn:example:unknown:v1 ," + ExtensionSkill.TRACE;
    static final String ECHOED = ExtensionSkill.CONTRACT + "," + ExtensionSkill.TRACE;

    @ArquillianResource
    URL base;
    Http http;
    private final String caller = "extensions-" + UUID.randomUUID();

    @Deployment(testable = false)
    static WebArchive war() {
        return Deployments.builtWarWith(ExtensionSkill.class);
    }

    @BeforeEach
    void connect() {
        http = new Http(base);
    }

    private static JsonObjectBuilder message(boolean v03, String text) {
        JsonObjectBuilder message = Json.createObjectBuilder().add("messageId", UUID.randomUUID().toString())
                .add("metadata", Json.createObjectBuilder().add("skill", "extensions"));
        return v03 ? message.add("kind", "message").add("role", "user").add("parts", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("kind", "text").add("text", text)))
                : message.add("role", "ROLE_USER").add("parts", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("text", text)));
    }

    private HttpResponse<String> rpc(String method, JsonObject params, String... headers) {
        HttpRequest.Builder request = http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params)));
        Callers.credentials(request, caller);
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build());
    }

    private HttpResponse<String> rest(String path, String body, String... headers) {
        HttpRequest.Builder request = http.request("/a2a/rest" + path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        Callers.credentials(request, caller);
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build());
    }

    private static String said(JsonObject task) {
        return task.getJsonObject("status").getJsonObject("message").getJsonArray("parts").getJsonObject(0)
                .getString("text");
    }

    private static JsonObject errorInfo(JsonObject error, String detailsField) {
        return error.getJsonArray(detailsField).getValuesAs(JsonValue::asJsonObject).stream()
                .filter(detail -> detail.getString("@type").endsWith("google.rpc.ErrorInfo")).findFirst()
                .orElseThrow(() -> new AssertionError("no ErrorInfo in " + error));
    }

    @Test
    void theCardListsTheSkillsExtensionsWithRequiredInBothLines() {
        for (String version : List.of("1.0", "0.3")) {
            List<JsonObject> listed = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", version))
                    .getJsonObject("capabilities").getJsonArray("extensions").getValuesAs(JsonValue::asJsonObject);
            JsonObject trace = listed.stream().filter(e -> e.getString("uri").equals(ExtensionSkill.TRACE))
                    .findFirst().orElseThrow(() -> new AssertionError(version + ": " + listed));
            JsonObject contract = listed.stream().filter(e -> e.getString("uri").equals(ExtensionSkill.CONTRACT))
                    .findFirst().orElseThrow(() -> new AssertionError(version + ": " + listed));
            assertFalse(trace.getBoolean("required"));
            assertEquals("trace", trace.getJsonObject("params").getString("artifactName"));
            assertTrue(contract.getBoolean("required"));
        }
        HttpResponse<String> card = http.get("/.well-known/agent-card.json", "A2A-Extensions", ExtensionSkill.TRACE);
        assertTrue(card.headers().firstValue("A2A-Extensions").isEmpty(),
                "the card is shared by caches: no echo that depends on one caller");
    }

    @Test
    void overJsonRpcTheActivatedOnesAreEchoedAndTheSkillSeesThem() {
        HttpResponse<String> response = rpc("SendMessage", Json.createObjectBuilder()
                .add("message", message(false, "hi")).build(), "A2A-Version", "1.0", "A2A-Extensions", BOTH);
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(ECHOED, response.headers().firstValue("A2A-Extensions").orElse(null),
                "the activated ones, in the order asked, without the unknown one");
        JsonObject task = Http.json(response).getJsonObject("result").getJsonObject("task");
        assertEquals("active: " + ExtensionSkill.CONTRACT + " " + ExtensionSkill.TRACE, said(task));
        assertEquals("trace", task.getJsonArray("artifacts").getJsonObject(0).getString("name"),
                "the optional extension changed what the skill did");

        HttpResponse<String> required = rpc("GetTask", JsonRpc.id(task.getString("id")), "A2A-Version", "1.0",
                "A2A-Extensions", ExtensionSkill.CONTRACT);
        assertEquals(ExtensionSkill.CONTRACT, required.headers().firstValue("A2A-Extensions").orElse(null));
        assertEquals(task.getString("id"), Http.json(required).getJsonObject("result").getString("id"));
    }

    @Test
    void overJsonRpcACallWithoutTheRequiredExtensionIsMinus32008() {
        for (String method : List.of("SendMessage", "GetTask")) {
            JsonObject params = method.equals("GetTask") ? JsonRpc.id("any")
                    : Json.createObjectBuilder().add("message", message(false, "hi")).build();
            HttpResponse<String> response = rpc(method, params, "A2A-Version", "1.0", "A2A-Extensions",
                    ExtensionSkill.TRACE);
            assertEquals(200, response.statusCode(), response.body());
            JsonObject error = Http.json(response).getJsonObject("error");
            assertEquals(-32008, error.getInt("code"), method + ": " + error);
            assertEquals("EXTENSION_SUPPORT_REQUIRED", errorInfo(error, "data").getString("reason"));
            assertTrue(error.getString("message").contains(ExtensionSkill.CONTRACT), error.toString());
        }
        HttpResponse<String> stream = rpc("SendStreamingMessage", Json.createObjectBuilder()
                .add("message", message(false, "hi")).build(), "A2A-Version", "1.0", "Accept", "text/event-stream");
        assertEquals(400, stream.statusCode(), "a stream refused before its first event: " + stream.body());
        assertEquals(-32008, Http.json(stream).getJsonObject("error").getInt("code"));
    }

    @Test
    void aStreamCarriesTheEchoInItsHeaders() throws Exception {
        JsonRpc rpc = new JsonRpc(http);
        try (JsonRpc.Stream stream = rpc.stream("SendStreamingMessage", Json.createObjectBuilder()
                .add("message", message(false, "hi")).build(), "A2A-Extensions", ExtensionSkill.CONTRACT)) {
            assertEquals(200, stream.response.statusCode());
            assertTrue(stream.contentType().startsWith("text/event-stream"), stream.contentType());
            assertEquals(ExtensionSkill.CONTRACT, stream.response.headers().firstValue("A2A-Extensions").orElse(null));
            List<JsonRpc.Event> events = stream.rest();
            JsonObject last = events.get(events.size() - 1).data().getJsonObject("result");
            assertTrue(last.toString().contains("active: " + ExtensionSkill.CONTRACT), last.toString());
        }
    }

    @Test
    void overHttpJsonTheEchoAndTheRefusalAre400FailedPrecondition() {
        HttpResponse<String> ok = rest("/message:send", Json.createObjectBuilder()
                .add("message", message(false, "hi")).build().toString(), "X-A2A-Extensions", BOTH);
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals(ECHOED, ok.headers().firstValue("A2A-Extensions").orElse(null));
        assertEquals(ECHOED, ok.headers().firstValue("X-A2A-Extensions").orElse(null),
                "a client that sent 0.3's header finds it in the answer");
        assertEquals("active: " + ExtensionSkill.CONTRACT + " " + ExtensionSkill.TRACE,
                said(Http.json(ok).getJsonObject("task")));

        HttpResponse<String> refused = rest("/message:send", Json.createObjectBuilder()
                .add("message", message(false, "hi")).build().toString());
        assertEquals(400, refused.statusCode(), refused.body());
        JsonObject error = Http.json(refused).getJsonObject("error");
        assertEquals("FAILED_PRECONDITION", error.getString("status"));
        assertEquals("EXTENSION_SUPPORT_REQUIRED", errorInfo(error, "details").getString("reason"));
    }

    @Test
    void in03TheSameRulesInThatLinesShapes() {
        HttpResponse<String> ok = rpc("message/send", Json.createObjectBuilder().add("message", message(true, "hi"))
                .build(), "X-A2A-Extensions", ExtensionSkill.CONTRACT);
        assertEquals(ExtensionSkill.CONTRACT, ok.headers().firstValue("X-A2A-Extensions").orElse(null));
        JsonObject task = Http.json(ok).getJsonObject("result");
        assertEquals("task", task.getString("kind"), task.toString());
        assertEquals("active: " + ExtensionSkill.CONTRACT, said(task));

        JsonObject error = Http.json(rpc("message/send", Json.createObjectBuilder().add("message", message(true, "hi"))
                .build())).getJsonObject("error");
        assertEquals(-32008, error.getInt("code"), error.toString());

        HttpResponse<String> refused = rest("/v1/message:send", v03Rest());
        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals("io.a2a.spec.ExtensionSupportRequiredError", Http.json(refused).getString("error"));
        HttpResponse<String> accepted = rest("/v1/message:send", v03Rest(), "X-A2A-Extensions",
                ExtensionSkill.CONTRACT);
        assertEquals(200, accepted.statusCode(), accepted.body());
        assertEquals(ExtensionSkill.CONTRACT, accepted.headers().firstValue("X-A2A-Extensions").orElse(null));
    }

    /** A SendMessage body of 0.3 HTTP+JSON (the 0.3 proto's JSON) for the skill. */
    private static String v03Rest() {
        return "{\"message\":{\"messageId\":\"" + UUID.randomUUID() + "\",\"role\":\"ROLE_USER\","
                + "\"content\":[{\"text\":\"hi\"}],\"metadata\":{\"skill\":\"extensions\"}}}";
    }

    @Test
    void theExtendedCardIsDiscoveryAndRequiresNothing() {
        String keyHolder = Callers.KEYS.issue("extensions", Tier.AUTHENTICATED, Duration.ofHours(1));
        JsonObject card = Callers.rpc(http, keyHolder, "GetExtendedAgentCard", Json.createObjectBuilder().build());
        assertTrue(card.getJsonObject("result").getJsonObject("capabilities").getJsonArray("extensions").toString()
                .contains(ExtensionSkill.CONTRACT), card.toString());
    }

    @Test
    void aHeaderBeyondItsBoundsIsInvalidParamsNamingIt() {
        String many = String.join(",", java.util.Collections.nCopies(65, "urn:x"));
        JsonObject error = Http.json(rpc("SendMessage", Json.createObjectBuilder().add("message", message(false, "hi"))
                .build(), "A2A-Version", "1.0", "A2A-Extensions", many)).getJsonObject("error");
        assertEquals(-32602, error.getInt("code"), error.toString());
        assertTrue(error.getString("message").contains("A2A-Extensions"), error.toString());
        HttpResponse<String> rest = rest("/message:send", Json.createObjectBuilder().add("message", message(false, "hi"))
                .build().toString(), "A2A-Extensions", "urn:" + "x".repeat(2100));
        assertEquals(400, rest.statusCode(), rest.body());
        assertEquals("INVALID_ARGUMENT", Http.json(rest).getJsonObject("error").getString("status"));
    }
}
