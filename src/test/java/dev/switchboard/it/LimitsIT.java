package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Abuse is bounded: each anonymous address gets a few requests a minute, then 429 with
 * Retry-After, whatever caller key it presents; it may start only a few tasks a minute; an address
 * that keeps presenting refused credentials is turned away for a while; discovery and health are
 * never throttled; the operator has no per-caller window; messages over the input limits are
 * refused naming the limit, and nothing is stored. The test's requests come from several
 * addresses through a trusted proxy (the loopback).
 */
class LimitsIT {
    private static final String OPERATOR = "operator-token-for-the-limits-test-0123456789";

    @TempDir
    Path temp;

    private static HttpResponse<String> getTask(Http http, String from, String header, String value) {
        return http.send(http.request("/a2a/rest/tasks/nonexistent-task-id").header("X-Forwarded-For", from)
                .header(header, value).GET().build());
    }

    private static String reason(HttpResponse<String> response) {
        return Http.json(response).getJsonObject("error").getJsonArray("details").getJsonObject(0).getString("reason");
    }

    @Test
    void limitsHold() throws Exception {
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(), List.of("switchboard.limit.anonymous.per.minute=5",
                "switchboard.limit.anonymous.tasks.per.minute=2", "switchboard.limit.failed.credentials.per.minute=3",
                "switchboard.trusted.proxies=127.0.0.0/8,::1",
                "switchboard.operator.token=" + OPERATOR, "switchboard.max.parts=3",
                "switchboard.max.text.chars=100", "switchboard.max.metadata.bytes=200"))) {
            tomcat.start();
            Http http = new Http(tomcat.url());
            String alice = "caller-alice-0123456789";
            for (int i = 0; i < 5; i++) {
                assertEquals(404, getTask(http, "198.51.100.1", "X-Switchboard-Caller-Key", alice).statusCode());
            }
            HttpResponse<String> refused = getTask(http, "198.51.100.1", "X-Switchboard-Caller-Key", alice);
            assertEquals(429, refused.statusCode(), refused.body());
            long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
            assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
            assertEquals("RATE_LIMITED", reason(refused));
            assertEquals(429, getTask(http, "198.51.100.1", "X-Switchboard-Caller-Key", "caller-" + UUID.randomUUID())
                    .statusCode(), "a fresh caller key from the same address is no way out");

            assertEquals(404, getTask(http, "198.51.100.2", "X-Switchboard-Caller-Key", "caller-bob-0123456789")
                    .statusCode(), "another address has a window of its own");
            for (int i = 0; i < 8; i++) {
                assertEquals(404, getTask(http, "198.51.100.1", "Authorization", "Bearer " + OPERATOR).statusCode(),
                        "the operator has no per-caller window");
            }
            assertEquals(200, http.get("/.well-known/agent-card.json").statusCode(), "discovery is never throttled");
            assertEquals(200, http.get("/health").statusCode());
            JsonObject requests = Http.json(http.get("/health")).getJsonObject("requests");
            assertTrue(requests.getInt("refusedPerCaller") >= 1, requests.toString());

            String dave = "caller-dave-0123456789";
            String started = Http.json(send(http, "198.51.100.4", dave, parts(1, "one"))).getJsonObject("task")
                    .getString("id");
            assertEquals(200, send(http, "198.51.100.4", "caller-" + UUID.randomUUID(), parts(1, "two")).statusCode());
            HttpResponse<String> third = send(http, "198.51.100.4", "caller-" + UUID.randomUUID(), parts(1, "three"));
            assertEquals(429, third.statusCode(), third.body());
            assertEquals("TASK_QUOTA", reason(third));
            assertEquals(200, getTaskById(http, "198.51.100.4", dave, started).statusCode(),
                    "reading is not starting a task");

            for (int i = 0; i < 3; i++) {
                assertEquals(401, getTask(http, "198.51.100.5", "Authorization", "Bearer guess-" + i).statusCode());
            }
            HttpResponse<String> turnedAway = getTask(http, "198.51.100.5", "Authorization", "Bearer " + OPERATOR);
            assertEquals(429, turnedAway.statusCode(), "not even the right token is checked while the address waits");
            assertEquals("TOO_MANY_FAILED_CREDENTIALS", reason(turnedAway));

            String carol = "caller-carol-0123456789";
            assertInvalid(http, carol, parts(4, "x"), null, "message.parts");
            assertInvalid(http, carol, parts(1, "y".repeat(101)), null, "message.parts[0].text");
            assertInvalid(http, carol, parts(1, "z"), "w".repeat(300), "metadata");
            JsonObject listed = Http.json(http.send(http.request("/a2a/rest/tasks").header("X-Forwarded-For", "198.51.100.3")
                    .header("X-Switchboard-Caller-Key", carol).GET().build()));
            assertEquals(0, listed.getInt("totalSize"), "nothing was stored");
        }
    }

    private static HttpResponse<String> getTaskById(Http http, String from, String caller, String id) {
        return http.send(http.request("/a2a/rest/tasks/" + id).header("X-Forwarded-For", from)
                .header("X-Switchboard-Caller-Key", caller).GET().build());
    }

    private static HttpResponse<String> send(Http http, String from, String caller, JsonArrayBuilder parts) {
        var request = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", UUID.randomUUID().toString()).add("role", "ROLE_USER").add("parts", parts));
        return http.send(http.request("/a2a/rest/message:send").header("X-Forwarded-For", from)
                .header("Content-Type", "application/json").header("X-Switchboard-Caller-Key", caller)
                .POST(HttpRequest.BodyPublishers.ofString(request.build().toString())).build());
    }

    private static JsonArrayBuilder parts(int count, String text) {
        JsonArrayBuilder parts = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            parts.add(Json.createObjectBuilder().add("text", text));
        }
        return parts;
    }

    private static void assertInvalid(Http http, String caller, JsonArrayBuilder parts, String metadata, String field) {
        var request = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", java.util.UUID.randomUUID().toString()).add("role", "ROLE_USER").add("parts", parts));
        if (metadata != null) {
            request.add("metadata", Json.createObjectBuilder().add("note", metadata));
        }
        HttpResponse<String> response = http.send(http.request("/a2a/rest/message:send")
                .header("X-Forwarded-For", "198.51.100.3")
                .header("Content-Type", "application/json").header("X-Switchboard-Caller-Key", caller)
                .POST(HttpRequest.BodyPublishers.ofString(request.build().toString())).build());
        assertEquals(400, response.statusCode(), response.body());
        JsonObject error = Http.json(response).getJsonObject("error");
        assertTrue(error.getString("message").startsWith("Limit exceeded: " + field), error.toString());
    }
}
