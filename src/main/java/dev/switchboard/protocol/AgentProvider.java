package dev.switchboard.protocol;

import java.util.Objects;

/** The organization that operates the agent. Both fields are required by the card schema. */
public record AgentProvider(String organization, String url) {
    public AgentProvider {
        Objects.requireNonNull(organization, "organization");
        Objects.requireNonNull(url, "url");
    }
}
