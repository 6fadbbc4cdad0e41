package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class HttpErrorsTest {
    private static JsonObject failure(String method, String path, int status) {
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(
                HttpErrors.failure(method, path, status, "refused")))) {
            return reader.readObject();
        }
    }

    @Test
    void theJsonRpcEndpointAnswersJsonRpcErrorsForEveryMethod() {
        for (String method : new String[] {"GET", "PUT", "DELETE", "PATCH", "POST", "HEAD"}) {
            for (String path : new String[] {"/a2a/jsonrpc", "/a2a/jsonrpc/"}) {
                JsonObject body = failure(method, path, 405);
                assertEquals("2.0", body.getString("jsonrpc"), method + " " + path);
                assertEquals(JsonValue.NULL, body.get("id"), method + " " + path);
                assertEquals(-32600, body.getJsonObject("error").getInt("code"));
            }
        }
        assertEquals("2.0", failure("POST", "/", 415).getString("jsonrpc"), "POST / is JSON-RPC at the origin");
    }

    @Test
    void elsewhereTheBodyIsAStatus() {
        for (String[] request : new String[][] {{"PUT", "/"}, {"GET", "/"}, {"DELETE", "/a2a/rest/tasks/x"},
                {"POST", "/a2a/jsonrpcx"}, {null, "/health"}}) {
            JsonObject body = failure(request[0], request[1], 405);
            assertFalse(body.containsKey("jsonrpc"), String.join(" ", String.valueOf(request[0]), request[1]));
            assertEquals("UNIMPLEMENTED", body.getJsonObject("error").getString("status"));
        }
    }
}
