package dev.switchboard.protocol.jsonrpc;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import jakarta.json.JsonValue;
import java.util.Map;

/** An error to answer as a JSON-RPC error response, with the request id when one could be read. */
public final class JsonRpcException extends RuntimeException {
    private final transient JsonValue id;
    private final A2AException error;

    public JsonRpcException(JsonValue id, A2AException error) {
        super(error.getMessage(), null, false, false);
        this.id = id == null ? JsonValue.NULL : id;
        this.error = error;
    }

    public JsonRpcException(JsonValue id, A2AError error, String message) {
        this(id, new A2AException(error, message, Map.of()));
    }

    /** The request id, or JSON null when the request had none that could be read. */
    public JsonValue id() {
        return id;
    }

    public A2AException error() {
        return error;
    }
}
