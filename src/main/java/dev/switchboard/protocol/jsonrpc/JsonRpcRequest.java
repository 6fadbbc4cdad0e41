package dev.switchboard.protocol.jsonrpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * A JSON-RPC 2.0 request whose envelope has been checked: a string or number {@code id}, a method
 * name, and {@code params} as an object (an empty one when the request had none).
 */
public record JsonRpcRequest(JsonValue id, String method, JsonObject params) {
    public JsonRpcRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
    }
}
