package dev.switchboard.protocol;

import java.util.Map;
import java.util.Objects;

/**
 * An A2A error on its way to the caller. Each binding renders it in the caller's version and shape;
 * the message is written for the client, so it never carries internals.
 */
public final class A2AException extends RuntimeException {
    private final A2AError error;
    private final Map<String, String> metadata;

    public A2AException(A2AError error, String message, Map<String, String> metadata) {
        super(message == null ? error.defaultMessage() : message, null, false, false);
        this.error = Objects.requireNonNull(error, "error");
        this.metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
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
}
