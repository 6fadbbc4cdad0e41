package dev.switchboard.web.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import jakarta.json.JsonObject;
import dev.switchboard.web.binding.RequestedVersion;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RestRequestsTest {
    private static JsonObject body(String json) {
        // a JSON body in no content coding, as a client's POST sends it
        return RestRequests.body(new RestCall(null, RequestedVersion.of((String) null), null, "192.0.2.7", null, "application/json",
                null, null, null, new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))), false);
    }

    @Test
    void aBodyNestingDeeperThanTheLimitIsABadRequestNamingIt() {
        for (String json : new String[] {"{\"metadata\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}",
                "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000)}) {
            A2AException e = assertThrows(A2AException.class, () -> body(json));
            assertEquals(A2AError.INVALID_REQUEST, e.error());
            assertEquals(400, e.error().httpStatus());
            assertTrue(e.getMessage().contains("deeper than 100 levels"), e.getMessage());
        }
    }

    @Test
    void aBodyAtTheLimitIsRead() {
        JsonObject json = body("{\"a\":".repeat(100) + "1" + "}".repeat(100));
        assertEquals(1, json.size());
        assertThrows(A2AException.class, () -> body("{\"a\":".repeat(101) + "1" + "}".repeat(101)));
    }

    @Test
    void aBodyThatIsNotUtf8IsABadRequestSayingSo() {
        byte[] bytes = "{\"message\":\"?\"}".getBytes(StandardCharsets.UTF_8);
        bytes[bytes.length - 3] = (byte) 0xC3;
        A2AException e = assertThrows(A2AException.class, () -> RestRequests.body(new RestCall(null,
                RequestedVersion.of((String) null), null, "192.0.2.7", null, "application/json", null, null, null,
                new ByteArrayInputStream(bytes)), false));
        assertEquals(A2AError.INVALID_REQUEST, e.error());
        assertEquals("Request body is not valid JSON: the body is not UTF-8", e.getMessage());
    }

    @Test
    void malformedBodiesStayBadRequests() {
        A2AException e = assertThrows(A2AException.class, () -> body("{\"a\":"));
        assertEquals(A2AError.INVALID_REQUEST, e.error());
        assertEquals(A2AError.INVALID_REQUEST, assertThrows(A2AException.class, () -> body("{} {}")).error());
    }
}
