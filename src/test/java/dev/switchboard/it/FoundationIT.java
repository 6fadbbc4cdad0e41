package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The built WAR on a real Tomcat 11: card, conditional GET, landing page, health and JSON errors over HTTP. */
class FoundationIT extends OnTomcat {
    private static final String CARD = "/.well-known/agent-card.json";

    @Test
    void cardIsJsonWithValidatorsAndCaching() {
        HttpResponse<String> response = http.get(CARD);
        assertEquals(200, response.statusCode());
        assertEquals("application/json", header(response, "Content-Type").split(";")[0]);
        String etag = header(response, "ETag");
        assertTrue(etag.matches("\"[A-Za-z0-9_-]+\""), "strong ETag: " + etag);
        assertEquals("public, max-age=300", header(response, "Cache-Control"));
        assertTrue(response.headers().allValues("Vary").stream().anyMatch(v -> v.contains("A2A-Version")));
        assertNotNull(header(response, "Last-Modified"));
        JsonObject card = Http.json(response);
        assertEquals("Switchboard", card.getString("name"));
        assertTrue(card.containsKey("supportedInterfaces"));
        assertTrue(card.containsKey("capabilities"));
        assertTrue(card.containsKey("skills"));
        assertTrue(card.getString("url").endsWith("/a2a/jsonrpc"), "the 0.3 discovery fields, for 0.3 clients");
    }

    @Test
    void matchingIfNoneMatchGives304WithoutBody() {
        String etag = header(http.get(CARD), "ETag");
        for (String condition : List.of(etag, "\"nope\", " + etag, "W/" + etag, "*")) {
            HttpResponse<String> response = http.get(CARD, "If-None-Match", condition);
            assertEquals(304, response.statusCode(), condition);
            assertEquals("", response.body());
            assertEquals(etag, header(response, "ETag"));
            assertNotNull(header(response, "Cache-Control"));
        }
        assertEquals(200, http.get(CARD, "If-None-Match", "\"other\"").statusCode());
    }

    @Test
    void ifModifiedSinceApplies() {
        String lastModified = header(http.get(CARD), "Last-Modified");
        assertEquals(304, http.get(CARD, "If-Modified-Since", lastModified).statusCode());
        assertEquals(200, http.get(CARD, "If-Modified-Since", "Thu, 01 Jan 2015 00:00:00 GMT").statusCode());
    }

    @Test
    void version03RenderingIsAnotherDocument() {
        HttpResponse<String> current = http.get(CARD);
        HttpResponse<String> legacy = http.get(CARD, "A2A-Version", "0.3");
        assertEquals(200, legacy.statusCode());
        assertNotEquals(header(current, "ETag"), header(legacy, "ETag"));
        JsonObject card = Http.json(legacy);
        assertTrue(card.containsKey("protocolVersion"));
        assertTrue(card.containsKey("supportsAuthenticatedExtendedCard"), "a 0.3 field");
        assertFalse(card.containsKey("supportedInterfaces"));
        assertEquals(200, http.get(CARD, "A2A-Version", "0.3", "If-None-Match", header(current, "ETag"))
                .statusCode(), "the 1.0 tag does not validate the 0.3 document");
        assertEquals(304, http.get(CARD, "A2A-Version", "0.3", "If-None-Match", header(legacy, "ETag"))
                .statusCode());
        assertEquals(header(legacy, "ETag"), header(http.get(CARD + "?A2A-Version=0.3"), "ETag"));
        HttpResponse<String> v1 = http.get(CARD, "A2A-Version", "1.0");
        assertFalse(Http.json(v1).containsKey("url"), "the 1.0 document has only 1.0 fields");
        assertTrue(Http.json(v1).containsKey("supportedInterfaces"));
    }

    @Test
    void everyRenderingIsSignedWithTheKeysOfTheCardJwkSet() {
        HttpResponse<String> keys = http.get("/.well-known/agent-card-jwks.json");
        assertEquals(200, keys.statusCode());
        assertEquals("application/jwk-set+json", header(keys, "Content-Type").split(";")[0]);
        assertNotNull(header(keys, "ETag"), "the key set is cached like the card");
        JsonObject key = Http.json(keys).getJsonArray("keys").getJsonObject(0);
        assertEquals("EC", key.getString("kty"));
        assertFalse(key.containsKey("d"), "no private part");
        var verifier = new dev.switchboard.protocol.signing.CardVerifier((kid, jku) -> {
            // the public URL may name the host otherwise than the test reaches it (127.0.0.1 for localhost)
            assertEquals("/.well-known/agent-card-jwks.json", jku.getPath());
            assertEquals(base.getPort(), jku.getPort());
            try {
                return java.util.Optional.of(com.nimbusds.jose.jwk.JWK.parse(key.toString()))
                        .filter(k -> k.getKeyID().equals(kid));
            } catch (java.text.ParseException e) {
                throw new AssertionError(e);
            }
        }, java.time.Clock.systemUTC());
        for (String version : new String[] {null, "1.0", "0.3"}) {
            HttpResponse<String> card = version == null ? http.get(CARD) : http.get(CARD, "A2A-Version", version);
            var result = verifier.verify(Http.json(card));
            assertTrue(result.verified(), version + ": " + result.detail());
            assertEquals(dev.switchboard.protocol.signing.CanonicalCard.Form.AS_SERVED, result.form());
        }
    }

    @Test
    void unsupportedVersionIsRefusedAsJson() {
        HttpResponse<String> response = http.get(CARD, "A2A-Version", "9.9");
        assertEquals(400, response.statusCode());
        JsonObject error = Http.json(response).getJsonObject("error");
        assertEquals("FAILED_PRECONDITION", error.getString("status"));
        assertEquals("VERSION_NOT_SUPPORTED", error.getJsonArray("details").getJsonObject(0).getString("reason"));
    }

    @Test
    void legacyWellKnownPathServesTheSameCard() {
        HttpResponse<String> legacyPath = http.get("/.well-known/agent.json");
        assertEquals(200, legacyPath.statusCode());
        assertEquals(http.get(CARD).body(), legacyPath.body());
    }

    @Test
    void headGivesTheHeadersOfGet() {
        HttpResponse<String> get = http.get(CARD);
        HttpResponse<String> head = http.send(http.request(CARD).method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals(header(get, "ETag"), header(head, "ETag"));
        assertEquals(String.valueOf(get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length),
                header(head, "Content-Length"));
    }

    @Test
    void landingPageIsHtml() {
        HttpResponse<String> response = http.get("/", "Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
        assertEquals(200, response.statusCode());
        assertTrue(header(response, "Content-Type").startsWith("text/html"));
        assertTrue(response.body().contains(CARD), "links the card");
        assertTrue(response.body().contains("curl"), "shows commands to try");
    }

    /** The page's script and style sheet are files (its CSP forbids inline code), revalidated by ETag. */
    @Test
    void landingPageSendsItsPolicyAndServesItsScriptAndStyle() {
        HttpResponse<String> page = http.get("/", "Accept", "text/html");
        assertTrue(header(page, "Content-Security-Policy").contains("script-src 'self'"));
        for (String[] asset : new String[][] {{"/static/try.js", "text/javascript"}, {"/static/site.css", "text/css"}}) {
            HttpResponse<String> response = http.get(asset[0]);
            assertEquals(200, response.statusCode(), asset[0]);
            assertTrue(header(response, "Content-Type").startsWith(asset[1]), asset[0]);
            assertEquals("nosniff", header(response, "X-Content-Type-Options"));
            assertEquals(304, http.get(asset[0], "If-None-Match", header(response, "ETag")).statusCode(), asset[0]);
        }
        assertEquals(404, http.get("/static/nothing.js").statusCode());
    }

    @Test
    void healthIsJson() throws InterruptedException {
        // the task store opens in the background; health says STARTING (503) until it is open
        HttpResponse<String> response = http.get("/health");
        for (int i = 0; i < 600 && response.statusCode() == 503; i++) {
            assertEquals("STARTING", Http.json(response).getString("status"));
            Thread.sleep(100);
            response = http.get("/health");
        }
        assertEquals(200, response.statusCode());
        JsonObject health = Http.json(response);
        assertEquals("UP", health.getString("status"));
        assertFalse(health.getString("version").isBlank());
        assertEquals("1.0.0", health.getString("cardVersion"));
        assertTrue(health.getJsonNumber("uptimeSeconds").longValue() >= 0);
    }

    @Test
    void orchestratorsProbeLivenessAndReadinessInMicroProfileHealthsShape() throws InterruptedException {
        HttpResponse<String> live = http.get("/health/live");
        assertEquals(200, live.statusCode(), live.body());
        assertEquals("UP", Http.json(live).getString("status"));
        assertEquals("server", Http.json(live).getJsonArray("checks").getJsonObject(0).getString("name"));
        HttpResponse<String> ready = http.get("/health/ready");
        for (int i = 0; i < 600 && ready.statusCode() == 503; i++) {
            assertEquals("DOWN", Http.json(ready).getString("status"), "not ready while the store opens");
            Thread.sleep(100);
            ready = http.get("/health/ready");
        }
        assertEquals(200, ready.statusCode(), ready.body());
        JsonObject probe = Http.json(ready);
        assertEquals("UP", probe.getString("status"));
        assertEquals("task-store", probe.getJsonArray("checks").getJsonObject(0).getString("name"));
        assertEquals("UP", probe.getJsonArray("checks").getJsonObject(0).getString("status"));
        assertEquals("no-store", ready.headers().firstValue("Cache-Control").orElse(""));
    }

    @Test
    void unknownPathsAnswerJson404() {
        for (String path : List.of("/no/such/thing", "/.well-known/unknown", "/missing.json", "/_error")) {
            HttpResponse<String> response = http.get(path);
            assertEquals(404, response.statusCode(), path);
            assertJsonError(response, 404);
        }
    }

    @Test
    void wrongMethodAnswersJson405() {
        HttpResponse<String> health = http.send(http.request("/health").DELETE().build());
        assertEquals(405, health.statusCode());
        assertJsonError(health, 405);
        assertTrue(header(health, "Allow").contains("GET"));
        HttpResponse<String> card = http.post(CARD, "application/json", "{}");
        assertEquals(405, card.statusCode());
        assertJsonError(card, 405);
    }

    @Test
    void unsupportedMediaTypeAnswersJson415() {
        HttpResponse<String> response = http.post("/a2a/jsonrpc", "text/plain", "hello");
        assertEquals(415, response.statusCode());
        assertEquals(-32005, Http.json(response).getJsonObject("error").getInt("code"));
    }

    @Test
    void oversizedBodyAnswersJson413() {
        String big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"pad\":\"" + "x".repeat(70_000) + "\"}}";
        HttpResponse<String> declared = http.post("/", "application/json", big);
        assertEquals(413, declared.statusCode());
        assertEquals(-32600, Http.json(declared).getJsonObject("error").getInt("code"));

        HttpResponse<String> elsewhere = http.post("/health", "application/json", big);
        assertEquals(413, elsewhere.statusCode());
        assertJsonError(elsewhere, 413);

        HttpResponse<String> chunked = http.send(http.request("/a2a/jsonrpc")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream(big.getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                .build());
        assertEquals(413, chunked.statusCode());
        assertEquals(-32600, Http.json(chunked).getJsonObject("error").getInt("code"));
    }

    @Test
    void emptyAndMalformedBodiesAnswerJsonRpcErrors() {
        JsonObject empty = Http.json(http.post("/a2a/jsonrpc", "application/json", ""));
        assertEquals(-32700, empty.getJsonObject("error").getInt("code"));
        JsonObject malformed = Http.json(http.post("/", "application/json", "{\"jsonrpc\":"));
        assertEquals(-32700, malformed.getJsonObject("error").getInt("code"));
        assertTrue(malformed.isNull("id"));
        JsonObject unknown = Http.json(http.post("/a2a/jsonrpc/", "application/json",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"NoSuchMethod\"}"));
        assertEquals(-32601, unknown.getJsonObject("error").getInt("code"));
        assertEquals(7, unknown.getInt("id"));
    }

    private static void assertJsonError(HttpResponse<String> response, int status) {
        assertTrue(header(response, "Content-Type").startsWith("application/json"),
                "JSON, not an HTML page: " + response.body());
        JsonObject error = Http.json(response).getJsonObject("error");
        assertEquals(status, error.getInt("code"));
        assertFalse(error.getString("message").isBlank());
        assertFalse(response.body().contains("Exception"), "no stack trace or class names: " + response.body());
    }

    private static String header(HttpResponse<String> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }
}
