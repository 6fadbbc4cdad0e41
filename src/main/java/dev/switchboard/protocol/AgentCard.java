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
 * @param securitySchemes     the ways to authenticate, empty when the agent takes anonymous callers only
 * @param securityRequirements names of schemes of which a caller must satisfy one; empty when anonymous
 *                            callers are welcome
 */
public record AgentCard(String name, String description, String version, List<AgentInterface> supportedInterfaces,
                        AgentProvider provider, String documentationUrl, String iconUrl,
                        AgentCapabilities capabilities, List<String> defaultInputModes,
                        List<String> defaultOutputModes, List<AgentSkill> skills, List<SecurityScheme> securitySchemes,
                        List<String> securityRequirements) {
    public AgentCard {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(capabilities, "capabilities");
        supportedInterfaces = List.copyOf(supportedInterfaces);
        defaultInputModes = List.copyOf(defaultInputModes);
        defaultOutputModes = List.copyOf(defaultOutputModes);
        skills = List.copyOf(skills);
        securitySchemes = securitySchemes == null ? List.of() : List.copyOf(securitySchemes);
        securityRequirements = securityRequirements == null ? List.of() : List.copyOf(securityRequirements);
    }

    /** The same card listing other skills (the extended card lists those beyond the public ones). */
    public AgentCard withSkills(List<AgentSkill> otherSkills) {
        return new AgentCard(name, description, version, supportedInterfaces, provider, documentationUrl, iconUrl,
                capabilities, defaultInputModes, defaultOutputModes, otherSkills, securitySchemes,
                securityRequirements);
    }

    /** The same card listing other extensions in its capabilities. */
    public AgentCard withExtensions(List<AgentExtension> extensions) {
        return new AgentCard(name, description, version, supportedInterfaces, provider, documentationUrl, iconUrl,
                new AgentCapabilities(capabilities.streaming(), capabilities.pushNotifications(),
                        capabilities.extendedAgentCard(), extensions),
                defaultInputModes, defaultOutputModes, skills, securitySchemes, securityRequirements);
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
