package dev.switchboard.protocol;

import java.util.Map;
import java.util.Objects;

/** A protocol extension the agent supports; {@code required} ones must be activated by the client. */
public record AgentExtension(String uri, String description, boolean required, Map<String, Object> params) {
    public AgentExtension {
        Objects.requireNonNull(uri, "uri");
        params = params == null ? Map.of() : Map.copyOf(params);
    }
}
