package dev.switchboard.protocol;

import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;

/**
 * The google.rpc.ErrorInfo that accompanies every A2A error, in both the JSON-RPC
 * {@code error.data} list and the HTTP+JSON {@code error.details} list.
 */
public final class ErrorInfoCodec {
    public static final String TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

    private ErrorInfoCodec() {
    }

    public static JsonObjectBuilder toJson(A2AException exception) {
        JsonObjectBuilder info = Json.createObjectBuilder()
                .add("@type", TYPE)
                .add("reason", exception.error().reason())
                .add("domain", A2AError.DOMAIN);
        if (!exception.metadata().isEmpty()) {
            JsonObjectBuilder metadata = Json.createObjectBuilder();
            exception.metadata().forEach(metadata::add);
            info.add("metadata", metadata);
        }
        return info;
    }
}
