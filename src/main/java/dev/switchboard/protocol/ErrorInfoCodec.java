package dev.switchboard.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

/**
 * The google.rpc.ErrorInfo that accompanies every A2A error, in both the JSON-RPC
 * {@code error.data} list and the HTTP+JSON {@code error.details} list.
 */
public final class ErrorInfoCodec {
    public static final String TYPE = "type.googleapis.com/google.rpc.ErrorInfo";
    public static final String BAD_REQUEST_TYPE = "type.googleapis.com/google.rpc.BadRequest";

    private ErrorInfoCodec() {
    }

    public static JsonObjectBuilder toJson(A2AException exception) {
        JsonObjectBuilder info = JsonFactory.createObjectBuilder()
                .add("@type", TYPE)
                .add("reason", exception.error().reason())
                .add("domain", A2AError.DOMAIN);
        if (!exception.metadata().isEmpty()) {
            JsonObjectBuilder metadata = JsonFactory.createObjectBuilder();
            exception.metadata().forEach(metadata::add);
            info.add("metadata", metadata);
        }
        return info;
    }

    /** The error's details: its ErrorInfo, then a BadRequest with the field violations, if any. */
    public static JsonArrayBuilder details(A2AException exception) {
        JsonArrayBuilder details = JsonFactory.createArrayBuilder().add(toJson(exception));
        if (!exception.violations().isEmpty()) {
            JsonArrayBuilder violations = JsonFactory.createArrayBuilder();
            for (FieldViolation violation : exception.violations()) {
                violations.add(JsonFactory.createObjectBuilder()
                        .add("field", violation.field())
                        .add("description", violation.description()));
            }
            details.add(JsonFactory.createObjectBuilder().add("@type", BAD_REQUEST_TYPE).add("fieldViolations", violations));
        }
        return details;
    }
}
