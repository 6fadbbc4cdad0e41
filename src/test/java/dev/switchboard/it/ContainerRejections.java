package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Requests a container rejects before the WAR sees them (malformed framing, headers or paths). The
 * WAR cannot answer those, so the containers are configured to (README, deployment guide): on
 * Tomcat each answer must be a 4xx JSON body that names no server, version or stack frame. Payara
 * Micro's HTTP layer (Grizzly) has no setting for a body there: it answers with no body at all,
 * which is checked as the documented limit, and, configured so, without naming itself.
 */
final class ContainerRejections {
    private static final String[] LEAKS = {"<html", "<!doctype", "apache tomcat", "payara", "glassfish", "grizzly",
        "exception", "\tat ", " at org.", "throwable"};

    private ContainerRejections() {
    }

    static void assertAnsweredAsJson(URL base) {
        RawHttp raw = new RawHttp(base);
        Map<String, RawHttp.Answer> answers = new LinkedHashMap<>();
        answers.put("non-numeric Content-Length", raw.send("POST /a2a/jsonrpc HTTP/1.1",
                "Content-Type: application/json\r\nContent-Length: abc\r\n", "{}".getBytes(StandardCharsets.UTF_8)));
        answers.put("bare CR in a header value", raw.send("GET /health HTTP/1.1", "X-Probe: a\rb\r\n"));
        answers.put("NUL in a header value", raw.send("GET /health HTTP/1.1", "X-Probe: a\0b\r\n"));
        answers.put("64 KB header", raw.send("GET /health HTTP/1.1", "X-Probe: " + "a".repeat(64 * 1024) + "\r\n"));
        answers.put("encoded .. in the path", raw.send("GET /%2e%2e/WEB-INF/web.xml HTTP/1.1", ""));
        answers.put("encoded NUL in the path", raw.send("GET /health%00 HTTP/1.1", ""));
        answers.put("space in the request target", raw.send("GET /he alth HTTP/1.1", ""));
        if (ServerProcess.onPayara()) {
            answers.forEach(ContainerRejections::assertEmptyRejection);
        } else {
            answers.forEach(ContainerRejections::assertJsonRejection);
        }
    }

    private static void assertEmptyRejection(String what, RawHttp.Answer answer) {
        assertTrue(answer.status() >= 400, what + ": " + answer);
        assertTrue(answer.body().isEmpty(), what + ": " + answer);
        assertFalse(answer.headers().containsKey("server"), what + " names the server: " + answer);
        assertFalse(answer.headers().containsKey("x-powered-by"), what + " names the server: " + answer);
    }

    private static void assertJsonRejection(String what, RawHttp.Answer answer) {
        assertTrue(answer.status() >= 400 && answer.status() < 500, what + ": " + answer);
        String type = answer.header("Content-Type");
        assertTrue(type != null && type.toLowerCase(Locale.ROOT).startsWith("application/json"), what + ": " + answer);
        answer.json();
        String body = answer.body().toLowerCase(Locale.ROOT);
        for (String leak : LEAKS) {
            assertFalse(body.contains(leak), what + " leaks '" + leak + "': " + answer);
        }
        String server = answer.header("Server");
        assertFalse(server != null && server.matches(".*\\d.*"), what + " names a server version: " + answer);
        String poweredBy = answer.header("X-Powered-By");
        assertFalse(poweredBy != null, what + " names the server: " + answer);
    }
}
