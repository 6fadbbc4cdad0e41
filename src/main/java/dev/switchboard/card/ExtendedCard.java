package dev.switchboard.card;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.security.Caller;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.security.Tier;

/**
 * GetExtendedAgentCard: the published card with every skill the caller's tier reaches, and the
 * extensions those skills declare, for callers that authenticated. It lists exactly what routing
 * admits for that tier, so the card never promises a skill its reader cannot run, and exactly the
 * extensions a request of that caller may activate or must.
 */
public final class ExtendedCard {
    private final AgentCard published;
    private final InstalledSkills skills;
    private final CardExtensions extensions;
    private final boolean credentialsExist;

    /**
     * @param credentialsExist whether this server accepts any credential (an operator token, API keys
     *                         or an identity provider's tokens)
     */
    public ExtendedCard(AgentCard published, InstalledSkills skills, CardExtensions extensions,
                        boolean credentialsExist) {
        this.published = published;
        this.skills = skills;
        this.extensions = extensions;
        this.credentialsExist = credentialsExist;
    }

    /**
     * @throws A2AException ExtendedAgentCardNotConfigured for anonymous callers, and when no
     *                      credential exists at all
     */
    public AgentCard forCaller(Caller caller) {
        if (!credentialsExist) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, "This agent has no extended agent card");
        }
        if (caller.tier() == Tier.PUBLIC) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED,
                    "The extended agent card is for authenticated callers: present a credential the card names");
        }
        return published.withSkills(skills.descriptorsFor(caller.tier()))
                .withExtensions(extensions.forTier(caller.tier()));
    }

    /**
     * The card a caller may read: the extended one for a caller that authenticated, else the
     * published one (0.3's gRPC GetAgentCard answers every caller).
     */
    public AgentCard asSeenBy(Caller caller) {
        return credentialsExist && caller.tier() != Tier.PUBLIC ? forCaller(caller) : published;
    }
}
