package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.signing.CardVerification;
import jakarta.json.JsonObject;
import java.net.URI;
import java.util.List;

/**
 * A remote agent's card as this client read it, whichever line it was written in. Immutable: keep
 * it to build clients later ({@link A2AClient.Builder#build}) without fetching it again.
 *
 * @param cardUrl    where the card was fetched
 * @param json       the document as received
 * @param interfaces every endpoint the card advertises in an A2A line this client knows, 1.0 first,
 *                   each in the card's order, URLs made absolute
 * @param iconUrl    null when absent
 * @param trace      how the card was found, one line per request made
 *                   ({@code GET <url> -> HTTP 404}); empty for a card that was not discovered,
 *                   such as the extended card
 * @param signature  what checking the card's signatures found, or null when they were not checked
 *                   ({@link CardTrust#ignore}, or a card that was not discovered). When only a
 *                   signature over the card's 1.0 model verified, the other fields come from what
 *                   it covers, not from the fetched document.
 */
public record PeerCard(URI cardUrl, JsonObject json, String name, String description, String version, String iconUrl,
                       List<AgentInterface> interfaces, List<CardScheme> schemes, List<AgentSkill> skills,
                       boolean streaming, boolean extendedCard, List<String> trace,
                       CardVerification signature) {
    public PeerCard {
        interfaces = List.copyOf(interfaces);
        schemes = List.copyOf(schemes);
        skills = List.copyOf(skills);
        trace = List.copyOf(trace);
    }

    /** The same card with what checking its signatures found. */
    PeerCard withSignature(CardVerification value) {
        return new PeerCard(cardUrl, json, name, description, version, iconUrl, interfaces, schemes, skills, streaming,
                extendedCard, trace, value);
    }

    /** The declared scheme of the given type, if any. */
    public java.util.Optional<CardScheme> scheme(CardScheme.Type type) {
        return schemes.stream().filter(s -> s.type() == type).findFirst();
    }
}
