package dev.switchboard.skill.review;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * One thing the review found on a card.
 *
 * @param severity how much it matters
 * @param code     a stable UPPER_SNAKE name a calling agent can act on, e.g. {@code DUPLICATE_SKILL_ID}
 * @param field    the JSON path it is about, e.g. {@code skills[2].description}
 * @param message  plain English saying what is wrong and what to do about it
 */
public record Finding(Severity severity, String code, String field, String message) {
    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }

    /** {@code {severity, code, field, message}}. */
    public JsonObject toJson() {
        return JsonFactory.createObjectBuilder().add("severity", severity.label()).add("code", code).add("field", field)
                .add("message", message).build();
    }
}
