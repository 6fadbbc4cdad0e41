package dev.switchboard.protocol.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class JsonRpcResponsesTest {
    private static JsonObject read(byte[] body) {
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(body))) {
            return reader.readObject();
        }
    }

    @Test
    void anErrorWithoutAnIdCarriesANullId() {
        JsonObject response = read(JsonRpcResponses.error(null, new A2AException(A2AError.PARSE_ERROR, "bad")));
        assertEquals("2.0", response.getString("jsonrpc"));
        assertTrue(response.containsKey("id"), response.toString());
        assertEquals(JsonValue.NULL, response.get("id"));
        assertEquals(-32700, response.getJsonObject("error").getInt("code"));
    }

    @Test
    void aReadIdIsEchoed() {
        JsonObject response = read(JsonRpcResponses.error(Json.createValue("r-1"),
                new A2AException(A2AError.TASK_NOT_FOUND, "no")));
        assertEquals("r-1", response.getString("id"));
        assertEquals(JsonValue.NULL, read(JsonRpcResponses.result(null, JsonValue.TRUE)).get("id"));
    }

    @Test
    void httpFailuresAreErrorsOfTheTableWithANullId() {
        assertHttpFailure(405, -32600, "INVALID_REQUEST");
        assertHttpFailure(413, -32600, "INVALID_REQUEST");
        assertHttpFailure(415, -32005, "CONTENT_TYPE_NOT_SUPPORTED");
        assertHttpFailure(500, -32603, "INTERNAL_ERROR");
        assertHttpFailure(503, -32603, "INTERNAL_ERROR");
    }

    private static void assertHttpFailure(int status, int code, String reason) {
        JsonObject response = read(JsonRpcResponses.httpFailure(status, "Method not allowed"));
        assertEquals("2.0", response.getString("jsonrpc"));
        assertEquals(JsonValue.NULL, response.get("id"), response.toString());
        JsonObject error = response.getJsonObject("error");
        assertEquals(code, error.getInt("code"), "HTTP " + status);
        assertEquals("Method not allowed", error.getString("message"));
        assertEquals(reason, error.getJsonArray("data").getJsonObject(0).getString("reason"));
    }
}
