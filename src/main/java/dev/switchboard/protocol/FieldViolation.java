package dev.switchboard.protocol;

import java.util.Objects;

/** A google.rpc.BadRequest field violation: which request field is wrong, and why. */
public record FieldViolation(String field, String description) {
    public FieldViolation {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(description, "description");
    }
}
