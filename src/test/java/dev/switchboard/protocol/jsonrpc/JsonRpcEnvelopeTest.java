package dev.switchboard.protocol.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonRpcEnvelopeTest {
    private static JsonRpcRequest parse(String body) {
        return JsonRpcEnvelope.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonRpcException refused(String body) {
        return assertThrows(JsonRpcException.class, () -> parse(body));
    }

    @Test
    void validRequest() {
        JsonRpcRequest request = parse("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"GetTask\",\"params\":{\"id\":\"t\"}}");
        assertEquals(Json.createValue("a"), request.id());
        assertEquals("GetTask", request.method());
        assertEquals("t", request.params().getString("id"));
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}").params());
        assertEquals(JsonValue.EMPTY_JSON_OBJECT,
                parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":null}").params());
    }

    @Test
    void notJsonIsAParseErrorWithNullId() {
        for (String body : new String[] {"", "{", "{\"jsonrpc\":", "nope", "{\"a\":1}}"}) {
            JsonRpcException e = refused(body);
            assertEquals(A2AError.PARSE_ERROR, e.error().error(), body);
            assertEquals(JsonValue.NULL, e.id());
        }
    }

    @Test
    void aBodyThatIsNotUtf8IsAParseErrorSayingSo() {
        byte[] body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\",\"params\":{\"id\":\"?\"}}"
                .getBytes(StandardCharsets.UTF_8);
        body[body.length - 4] = (byte) 0xFF;
        JsonRpcException e = assertThrows(JsonRpcException.class, () -> JsonRpcEnvelope.parse(body));
        assertEquals(A2AError.PARSE_ERROR, e.error().error());
        assertEquals(JsonValue.NULL, e.id());
        assertEquals("Invalid JSON payload: the body is not UTF-8", e.getMessage());
        JsonRpcException unpaired = refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"t\":\"\\ud800\"}}");
        assertEquals(A2AError.PARSE_ERROR, unpaired.error().error());
        assertTrue(unpaired.getMessage().startsWith("Invalid JSON payload: a string holds an unpaired surrogate"),
                unpaired.getMessage());
        assertEquals("ü", parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"t\":\"ü\"}}")
                .params().getString("t"));
    }

    @Test
    void nestingDeeperThanTheLimitIsAParseErrorNamingIt() {
        String params = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);
        for (String body : new String[] {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":" + params + "}",
                "[".repeat(10_000) + "]".repeat(10_000)}) {
            JsonRpcException e = refused(body);
            assertEquals(A2AError.PARSE_ERROR, e.error().error());
            assertEquals(JsonValue.NULL, e.id());
            assertTrue(e.getMessage().contains("deeper than 100 levels"), e.getMessage());
            assertEquals("100", e.error().metadata().get("maxDepth"));
        }
    }

    @Test
    void nestingUpToTheLimitIsRead() {
        // params and what it holds: the envelope around them is the hundredth level
        String metadata = "{\"a\":".repeat(99) + "1" + "}".repeat(99);
        JsonRpcRequest request = parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":" + metadata + "}");
        assertEquals(1, request.params().size());
        assertEquals(A2AError.PARSE_ERROR, refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"b\":"
                + metadata + "}}").error().error());
    }

    @Test
    void batchesAreRefused() {
        JsonRpcException e = refused("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}]");
        assertEquals(A2AError.INVALID_REQUEST, e.error().error());
        assertEquals(JsonValue.NULL, e.id());
    }

    @Test
    void badEnvelopesAreInvalidRequestsEchoingTheId() {
        assertEquals(JsonValue.NULL, refused("42").id());
        JsonRpcException wrongVersion = refused("{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"m\"}");
        assertEquals(A2AError.INVALID_REQUEST, wrongVersion.error().error());
        assertEquals(Json.createValue(5), wrongVersion.id());
        JsonRpcException noMethod = refused("{\"jsonrpc\":\"2.0\",\"id\":\"x\"}");
        assertEquals(A2AError.INVALID_REQUEST, noMethod.error().error());
        assertEquals(Json.createValue("x"), noMethod.id());
        assertEquals(A2AError.INVALID_REQUEST, refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}").error().error());
        JsonRpcException objectId = refused("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"m\"}");
        assertEquals(A2AError.INVALID_REQUEST, objectId.error().error());
        assertEquals(JsonValue.NULL, objectId.id());
        assertEquals(A2AError.INVALID_REQUEST,
                refused("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}").error().error());
        assertEquals(JsonValue.NULL, parse("{\"jsonrpc\":\"2.0\",\"method\":\"m\"}").id(),
                "a notification is answered, with id null");
    }

    @Test
    void nonObjectParamsAreInvalidParams() {
        JsonRpcException e = refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":[1]}");
        assertEquals(A2AError.INVALID_PARAMS, e.error().error());
        assertEquals(Json.createValue(1), e.id());
    }

    @Test
    void errorResponseCarriesErrorInfo() {
        String body = new String(JsonRpcResponses.error(refused("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":5}")),
                StandardCharsets.UTF_8);
        var json = Json.createReader(new java.io.StringReader(body)).readObject();
        assertEquals(3, json.getInt("id"));
        assertEquals(-32600, json.getJsonObject("error").getInt("code"));
        var info = json.getJsonObject("error").getJsonArray("data").getJsonObject(0);
        assertEquals("type.googleapis.com/google.rpc.ErrorInfo", info.getString("@type"));
        assertEquals("INVALID_REQUEST", info.getString("reason"));
        assertEquals("a2a-protocol.org", info.getString("domain"));
    }
}
