package dev.switchboard.protocol;

import java.util.List;

/** What optional parts of the protocol the agent offers. */
public record AgentCapabilities(boolean streaming, boolean pushNotifications, boolean extendedAgentCard,
                                List<AgentExtension> extensions) {
    public AgentCapabilities {
        extensions = extensions == null ? List.of() : List.copyOf(extensions);
    }

    public static AgentCapabilities none() {
        return new AgentCapabilities(false, false, false, List.of());
    }
}
