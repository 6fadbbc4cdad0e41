package dev.switchboard.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An A2A error on its way to the caller. Each binding renders it in the caller's version and shape;
 * the message is written for the client, so it never carries internals.
 */
public final class A2AException extends RuntimeException {
    private final A2AError error;
    private final Map<String, String> metadata;
    private final List<FieldViolation> violations;

    public A2AException(A2AError error, String message, Map<String, String> metadata, List<FieldViolation> violations) {
        super(message == null ? error.defaultMessage() : message, null, false, false);
        this.error = Objects.requireNonNull(error, "error");
        this.metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        this.violations = violations == null ? List.of() : List.copyOf(violations);
    }

    public A2AException(A2AError error, String message, Map<String, String> metadata) {
        this(error, message, metadata, List.of());
    }

    /** Invalid params: one field of the request is wrong. */
    public static A2AException invalidField(String field, String description) {
        return new A2AException(A2AError.INVALID_PARAMS, "Invalid " + field + ": " + description, Map.of(),
                List.of(new FieldViolation(field, description)));
    }

    public A2AException(A2AError error, String message) {
        this(error, message, Map.of());
    }

    public A2AException(A2AError error) {
        this(error, null, Map.of());
    }

    public A2AError error() {
        return error;
    }

    /** ErrorInfo metadata: which id, version or field the error is about. */
    public Map<String, String> metadata() {
        return metadata;
    }

    /** google.rpc.BadRequest field violations, for invalid params. */
    public List<FieldViolation> violations() {
        return violations;
    }
}
