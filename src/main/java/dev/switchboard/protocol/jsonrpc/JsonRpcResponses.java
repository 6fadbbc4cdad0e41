package dev.switchboard.protocol.jsonrpc;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ErrorInfoCodec;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Map;

/**
 * JSON-RPC 2.0 response envelopes: a result, or an error whose {@code data} is an ErrorInfo list.
 * Every envelope carries {@code id}, JSON null when the request's id could not be read, as JSON-RPC
 * 2.0 requires of every response.
 */
public final class JsonRpcResponses {
    private JsonRpcResponses() {
    }

    public static byte[] result(JsonValue id, JsonValue result) {
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", orNull(id))
                .add("result", result).build());
    }

    public static byte[] error(JsonValue id, A2AException exception) {
        JsonObjectBuilder body = JsonFactory.createObjectBuilder()
                .add("code", exception.error().jsonRpcCode())
                .add("message", exception.getMessage())
                .add("data", ErrorInfoCodec.details(exception));
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", orNull(id))
                .add("error", body).build());
    }

    public static byte[] error(JsonRpcException exception) {
        return error(exception.id(), exception.error());
    }

    /**
     * The error for a request refused at the HTTP level before its envelope was read (wrong method,
     * media type or content coding, body too large, a failure of the server): no id could be read.
     */
    public static byte[] httpFailure(int httpStatus, String message) {
        return error(JsonValue.NULL, new A2AException(forHttpStatus(httpStatus), message, Map.of()));
    }

    /**
     * A refusal of the server's own (a credential, a limit) on the JSON-RPC endpoint: the
     * HTTP-level refusal's code, -32600 (as for a body over the size limit), with an ErrorInfo
     * naming the reason in the server's own domain.
     *
     * @param domain the ErrorInfo domain: the server's, not A2A's
     */
    public static byte[] refusal(JsonValue id, String message, String reason, String domain) {
        JsonObjectBuilder body = JsonFactory.createObjectBuilder()
                .add("code", A2AError.INVALID_REQUEST.jsonRpcCode())
                .add("message", message)
                .add("data", JsonFactory.createArrayBuilder().add(JsonFactory.createObjectBuilder()
                        .add("@type", ErrorInfoCodec.TYPE).add("reason", reason).add("domain", domain)));
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", orNull(id))
                .add("error", body).build());
    }

    /** The table's error closest to an HTTP failure on the JSON-RPC endpoint. */
    static A2AError forHttpStatus(int httpStatus) {
        return switch (httpStatus) {
            case 415 -> A2AError.CONTENT_TYPE_NOT_SUPPORTED;
            default -> httpStatus >= 500 ? A2AError.INTERNAL_ERROR : A2AError.INVALID_REQUEST;
        };
    }

    private static JsonValue orNull(JsonValue id) {
        return id == null ? JsonValue.NULL : id;
    }
}
