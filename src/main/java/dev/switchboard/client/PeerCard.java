package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
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
 */
public record PeerCard(URI cardUrl, JsonObject json, String name, String description, String version, String iconUrl,
                       List<AgentInterface> interfaces, List<CardScheme> schemes, List<AgentSkill> skills,
                       boolean streaming, boolean extendedCard, List<String> trace) {
    public PeerCard {
        interfaces = List.copyOf(interfaces);
        schemes = List.copyOf(schemes);
        skills = List.copyOf(skills);
        trace = List.copyOf(trace);
    }

    /** The declared scheme of the given type, if any. */
    public java.util.Optional<CardScheme> scheme(CardScheme.Type type) {
        return schemes.stream().filter(s -> s.type() == type).findFirst();
    }
}
