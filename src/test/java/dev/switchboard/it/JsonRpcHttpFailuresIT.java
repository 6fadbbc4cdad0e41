package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests the JSON-RPC endpoint refuses before it reads an envelope, over raw HTTP: each answer is
 * still a JSON-RPC response with {@code "id": null}, as JSON-RPC 2.0 requires when no id could be read.
 */
class JsonRpcHttpFailuresIT extends OnTomcat {
    private static final String GET_TASK = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"GetTask\",\"params\":{\"id\":\"x\"}}";

    private RawHttp raw;

    @BeforeEach
    void open() {
        raw = new RawHttp(base);
    }

    @Test
    void otherMethodsThanPostAnswerJsonRpcErrors() {
        for (String method : new String[] {"GET", "PUT", "DELETE", "PATCH"}) {
            byte[] body = method.equals("GET") || method.equals("DELETE") ? new byte[0] : bytes(GET_TASK);
            RawHttp.Answer answer = raw.send(method + " /a2a/jsonrpc HTTP/1.1",
                    "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n", body);
            assertEquals(405, answer.status(), method + ": " + answer);
            assertTrue(answer.header("Allow").contains("POST"), method + ": " + answer);
            assertJsonRpcError(answer, -32600, method);
        }
    }

    @Test
    void bodiesThatAreNotJsonAnswerJsonRpcErrors() {
        for (String path : new String[] {"/a2a/jsonrpc", "/"}) {
            RawHttp.Answer answer = post(path, "Content-Type: text/plain\r\n", bytes(GET_TASK));
            assertEquals(415, answer.status(), path + ": " + answer);
            assertJsonRpcError(answer, -32005, path);
        }
    }

    @Test
    void aContentTypeThatDoesNotParseAnswersAJsonRpcError() {
        for (String path : new String[] {"/a2a/jsonrpc", "/"}) {
            RawHttp.Answer answer = post(path, "Content-Type: text\r\n", bytes(GET_TASK));
            assertEquals(400, answer.status(), path + ": " + answer);
            assertJsonRpcError(answer, -32600, path);
        }
    }

    @Test
    void unknownContentCodingsAreRefusedAsJsonRpcErrors() throws Exception {
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
            gzip.write(bytes(GET_TASK));
        }
        for (String path : new String[] {"/a2a/jsonrpc", "/"}) {
            for (String coding : new String[] {"bogus", "gzip"}) {
                RawHttp.Answer answer = post(path, "Content-Type: application/json\r\nContent-Encoding: " + coding
                        + "\r\n", coding.equals("gzip") ? gzipped.toByteArray() : bytes(GET_TASK));
                assertEquals(415, answer.status(), path + " " + coding + ": " + answer);
                assertEquals("identity", answer.header("Accept-Encoding"), answer.toString());
                JsonObject error = assertJsonRpcError(answer, -32005, path + " " + coding);
                assertTrue(error.getString("message").contains("Content-Encoding"), error.toString());
            }
        }
        RawHttp.Answer identity = post("/a2a/jsonrpc", "Content-Type: application/json\r\nContent-Encoding: identity\r\n",
                bytes(GET_TASK));
        assertEquals(7, identity.json().getInt("id"), "identity is no coding: " + identity);
    }

    @Test
    void restRefusesContentCodingsInItsOwnShape() {
        String config = "{\"url\":\"https://example.com/hook\"}";
        RawHttp.Answer answer = post("/a2a/rest/tasks/x/pushNotificationConfigs", "Content-Type: application/json\r\n"
                + "Content-Encoding: bogus\r\n", bytes(config));
        assertEquals(415, answer.status(), answer.toString());
        assertEquals("identity", answer.header("Accept-Encoding"), answer.toString());
        assertEquals("INVALID_ARGUMENT", answer.json().getJsonObject("error").getString("status"), answer.toString());
    }

    @Test
    void wrongMethodsElsewhereKeepTheStatusBody() {
        RawHttp.Answer answer = raw.send("PUT / HTTP/1.1", "Content-Length: 0\r\n");
        assertEquals(405, answer.status(), answer.toString());
        assertEquals("UNIMPLEMENTED", answer.json().getJsonObject("error").getString("status"), answer.toString());
    }

    private RawHttp.Answer post(String path, String headers, byte[] body) {
        return raw.send("POST " + path + " HTTP/1.1", headers + "Content-Length: " + body.length + "\r\n", body);
    }

    private static JsonObject assertJsonRpcError(RawHttp.Answer answer, int code, String what) {
        assertTrue(answer.header("Content-Type").startsWith("application/json"), what + ": " + answer);
        JsonObject response = answer.json();
        assertEquals("2.0", response.getString("jsonrpc", null), what + ": " + answer);
        assertTrue(response.containsKey("id"), "JSON-RPC 2.0 requires id: " + what + ": " + answer);
        assertEquals(JsonValue.NULL, response.get("id"), what + ": " + answer);
        JsonObject error = response.getJsonObject("error");
        assertEquals(code, error.getInt("code"), what + ": " + answer);
        assertTrue(error.getJsonArray("data").getJsonObject(0).containsKey("reason"), what + ": " + answer);
        return error;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
