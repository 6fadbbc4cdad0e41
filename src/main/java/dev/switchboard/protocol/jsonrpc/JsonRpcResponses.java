package dev.switchboard.protocol.jsonrpc;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ErrorInfoCodec;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;


/** JSON-RPC 2.0 response envelopes: a result, or an error whose {@code data} is an ErrorInfo list. */
public final class JsonRpcResponses {
    private JsonRpcResponses() {
    }

    public static byte[] result(JsonValue id, JsonValue result) {
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("result", result)
                .build());
    }

    public static byte[] error(JsonValue id, A2AException exception) {
        JsonObjectBuilder body = JsonFactory.createObjectBuilder()
                .add("code", exception.error().jsonRpcCode())
                .add("message", exception.getMessage())
                .add("data", ErrorInfoCodec.details(exception));
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("error", body)
                .build());
    }

    public static byte[] error(JsonRpcException exception) {
        return error(exception.id(), exception.error());
    }
}
