package dev.switchboard.protocol.jsonrpc;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.util.Map;

/**
 * Reads a JSON-RPC 2.0 request envelope, once, and checks it before any method sees it.
 *
 * <ul>
 * <li>not JSON, or objects and arrays nested deeper than {@link BoundedJsonReader#MAX_DEPTH} levels
 *     (refused while parsing, before any tree is built): -32700 with {@code id: null};</li>
 * <li>a batch (JSON array): -32600. A2A defines no batch semantics and a streaming method cannot
 *     share a response with others, so batches are refused as a whole, clearly, rather than
 *     answered in part;</li>
 * <li>not an object, {@code jsonrpc} other than {@code "2.0"}, a missing or non-string method, or an
 *     {@code id} that is not a string or number: -32600, echoing the id when it is usable;</li>
 * <li>a request without {@code id} (a notification) is answered like any other, with {@code id: null}:
 *     every A2A method has a result or an error the caller needs, and the 0.3 conformance suite
 *     expects the error of an unknown method (-32601) or bad params (-32602) even then.</li>
 * <li>{@code params} present but not an object: -32602.</li>
 * </ul>
 */
public final class JsonRpcEnvelope {
    private JsonRpcEnvelope() {
    }

    public static JsonRpcRequest parse(byte[] body) {
        JsonValue value;
        try (JsonParser parser = BoundedJsonReader.parser(body)) {
            if (!parser.hasNext()) {
                throw new JsonRpcException(JsonValue.NULL, A2AError.PARSE_ERROR, "Request body is empty");
            }
            value = BoundedJsonReader.next(parser, BoundedJsonReader.MAX_DEPTH);
            if (parser.hasNext()) {
                throw new JsonRpcException(JsonValue.NULL, A2AError.PARSE_ERROR,
                        "Invalid JSON payload: content after the request object");
            }
        } catch (BoundedJsonReader.TooDeep e) {
            throw new JsonRpcException(JsonValue.NULL, new A2AException(A2AError.PARSE_ERROR, "Invalid JSON payload: "
                    + "objects and arrays nest deeper than " + e.limit() + " levels" + at(e.getLocation()),
                    Map.of("maxDepth", String.valueOf(e.limit()))));
        } catch (JsonParsingException e) {
            throw new JsonRpcException(JsonValue.NULL, A2AError.PARSE_ERROR, "Invalid JSON payload" + at(e.getLocation()));
        } catch (JsonException e) {
            JsonException failure = BoundedJsonReader.NotUtf8.orItself(e);
            throw new JsonRpcException(JsonValue.NULL, A2AError.PARSE_ERROR,
                    failure instanceof BoundedJsonReader.NotUtf8 ? "Invalid JSON payload: " + failure.getMessage()
                            : "Invalid JSON payload");
        }
        if (value.getValueType() == JsonValue.ValueType.ARRAY) {
            throw new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST,
                    "Batch requests are not supported; send one request per HTTP request");
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST, "Request must be a JSON object");
        }
        JsonObject envelope = value.asJsonObject();
        JsonValue id = envelope.get("id");
        boolean usableId = id != null && (id.getValueType() == JsonValue.ValueType.STRING
                || id.getValueType() == JsonValue.ValueType.NUMBER);
        JsonValue echo = usableId ? id : JsonValue.NULL;
        JsonValue version = envelope.get("jsonrpc");
        if (version == null || !version.equals(JsonFactory.createValue("2.0"))) {
            throw new JsonRpcException(echo, A2AError.INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
        }
        if (!usableId && id != null && id != JsonValue.NULL) {
            throw new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST, "\"id\" must be a string or a number");
        }
        JsonValue method = envelope.get("method");
        if (method == null || method.getValueType() != JsonValue.ValueType.STRING) {
            throw new JsonRpcException(echo, A2AError.INVALID_REQUEST, "\"method\" must be a string");
        }
        JsonValue params = envelope.get("params");
        if (params != null && params.getValueType() != JsonValue.ValueType.OBJECT) {
            if (params.getValueType() != JsonValue.ValueType.NULL) {
                throw new JsonRpcException(echo, A2AError.INVALID_PARAMS, "\"params\" must be an object");
            }
            params = null;
        }
        return new JsonRpcRequest(echo, ((jakarta.json.JsonString) method).getString(),
                params == null ? JsonValue.EMPTY_JSON_OBJECT : params.asJsonObject());
    }

    private static String at(JsonLocation location) {
        return location == null ? "" : " at line " + location.getLineNumber() + ", column " + location.getColumnNumber();
    }
}
