package dev.switchboard.client.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The device grant's polling rules (RFC 8628 §3.5). mock-oauth2-server has no device grant, so a
 * JDK HTTP server answers the token polls here, in the order a test sets; the whole grant against a
 * real server is OAuthKeycloakIT's.
 */
class DeviceGrantTest {
    private final Deque<String> polls = new ConcurrentLinkedDeque<>();
    private final List<String> bodies = new ArrayList<>();
    private final HttpServer server;

    DeviceGrantTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/device", exchange -> respond(exchange, 200, """
                {"device_code":"dc","user_code":"ABCD-EFGH","verification_uri":"https://idp.example/device",
                 "expires_in":600,"interval":2}"""));
        server.createContext("/token", exchange -> {
            synchronized (bodies) {
                bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            }
            String next = polls.poll();
            respond(exchange, next.startsWith("{\"access") ? 200 : 400, next);
        });
        server.start();
    }

    private static void respond(com.sun.net.httpserver.HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private DeviceGrant grant(List<String> shown, List<Duration> waits) {
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        AuthorizationServer as = new AuthorizationServer("https://idp.example", null, URI.create(base + "/token"),
                URI.create(base + "/device"), null, null, List.of());
        return new DeviceGrant(OAuthHttp.standard(), as, "cli", List.of("openid"), shown::add, Duration.ofMinutes(5),
                waits::add);
    }

    @Test
    void pollsUntilApprovedAndSlowsDownWhenAsked() {
        polls.add("{\"error\":\"authorization_pending\"}");
        polls.add("{\"error\":\"slow_down\"}");
        polls.add("{\"error\":\"authorization_pending\"}");
        polls.add("{\"access_token\":\"at\",\"token_type\":\"Bearer\",\"expires_in\":60}");
        List<String> shown = new ArrayList<>();
        List<Duration> waits = new ArrayList<>();
        assertEquals("at", grant(shown, waits).run().getString("access_token"));
        assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(7), Duration.ofSeconds(7)),
                waits, "the server's interval, 5 s more after slow_down");
        assertTrue(shown.get(0).contains("https://idp.example/device") && shown.get(0).contains("ABCD-EFGH"));
        assertTrue(bodies.get(0).contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code")
                && bodies.get(0).contains("device_code=dc"), bodies.get(0));
    }

    @Test
    void aRefusalEndsTheGrant() {
        polls.add("{\"error\":\"authorization_pending\"}");
        polls.add("{\"error\":\"access_denied\"}");
        OAuthException e = assertThrows(OAuthException.class, () -> grant(new ArrayList<>(), new ArrayList<>()).run());
        assertEquals("access_denied", e.error());
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
    }

    @Test
    void anExpiredCodeEndsTheGrant() {
        polls.add("{\"error\":\"expired_token\"}");
        OAuthException e = assertThrows(OAuthException.class, () -> grant(new ArrayList<>(), new ArrayList<>()).run());
        assertEquals("expired_token", e.error());
    }
}
