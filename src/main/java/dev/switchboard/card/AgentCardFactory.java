package dev.switchboard.card;

import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentProvider;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.SecurityScheme;
import java.net.URI;
import java.util.List;

/**
 * Builds the public Agent Card from the settings, the endpoints this build serves and the installed
 * skills. Only what an operator chose to publish goes in: no credentials, no internal addresses
 * other than the configured public URL.
 */
public final class AgentCardFactory {
    private AgentCardFactory() {
    }

    public static AgentCard build(Settings settings, List<AgentInterface> interfaces, AgentCapabilities capabilities,
                                  List<AgentSkill> skills) {
        return build(settings, interfaces, capabilities, skills, List.of(), List.of());
    }

    /**
     * @param securitySchemes      the ways callers can authenticate
     * @param securityRequirements the schemes of which a caller must satisfy one, when anonymous
     *                             callers are refused
     */
    public static AgentCard build(Settings settings, List<AgentInterface> interfaces, AgentCapabilities capabilities,
                                  List<AgentSkill> skills, List<SecurityScheme> securitySchemes,
                                  List<String> securityRequirements) {
        AgentProvider provider = settings.providerOrganization() == null
                ? null
                : new AgentProvider(settings.providerOrganization(), settings.providerUrl().toString());
        return new AgentCard(settings.agentName(), settings.agentDescription(), settings.cardVersion(), interfaces,
                provider, text(settings.documentationUrl()), text(settings.iconUrl()), capabilities, settings.cardModes(),
                settings.cardModes(), skills, securitySchemes, securityRequirements);
    }

    private static String text(URI url) {
        return url == null ? null : url.toString();
    }
}
