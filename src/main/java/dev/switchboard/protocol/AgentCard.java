package dev.switchboard.protocol;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The self-description an agent publishes at {@code /.well-known/agent-card.json}, in the 1.0 model.
 * Other protocol lines see it through their codecs.
 *
 * @param supportedInterfaces endpoints in preference order; the first one is preferred
 * @param provider            may be null
 * @param documentationUrl    may be null
 * @param iconUrl             may be null
 */
public record AgentCard(String name, String description, String version, List<AgentInterface> supportedInterfaces,
                        AgentProvider provider, String documentationUrl, String iconUrl,
                        AgentCapabilities capabilities, List<String> defaultInputModes,
                        List<String> defaultOutputModes, List<AgentSkill> skills) {
    public AgentCard {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(capabilities, "capabilities");
        supportedInterfaces = List.copyOf(supportedInterfaces);
        defaultInputModes = List.copyOf(defaultInputModes);
        defaultOutputModes = List.copyOf(defaultOutputModes);
        skills = List.copyOf(skills);
    }

    /** The interfaces of one protocol line, in the card's preference order. */
    public List<AgentInterface> interfacesFor(ProtocolVersion version) {
        return supportedInterfaces.stream().filter(i -> i.protocolVersion() == version).toList();
    }

    /** The first interface of the given line speaking the given binding, if any. */
    public Optional<AgentInterface> interfaceFor(ProtocolVersion version, String binding) {
        return supportedInterfaces.stream()
                .filter(i -> i.protocolVersion() == version && i.protocolBinding().equals(binding))
                .findFirst();
    }
}
