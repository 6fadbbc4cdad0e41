package dev.switchboard.card;

import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.InstalledSkills;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The extensions each card lists in {@code capabilities.extensions}: the server's own, then those
 * of the skills its reader reaches, each once. A request activates an extension when it names it
 * and the card its caller reads lists it; that same card's {@code required} ones must be
 * activated. Settled once at start-up, per tier, because a card is the promise a caller reads, so
 * the extensions in force for a caller are exactly those its card lists.
 */
public final class CardExtensions {
    private final Map<Tier, List<AgentExtension>> byTier;

    private CardExtensions(Map<Tier, List<AgentExtension>> byTier) {
        this.byTier = byTier;
    }

    /**
     * @param server the server's own extensions, listed first on every card
     * @throws IllegalStateException when two declarations of one URI differ (description,
     *                               required or params), or a URI is blank: the card could not say
     *                               which one holds
     */
    public static CardExtensions of(List<AgentExtension> server, InstalledSkills skills) {
        Map<Tier, List<AgentExtension>> byTier = new EnumMap<>(Tier.class);
        for (Tier tier : Tier.values()) {
            List<AgentExtension> declared = new ArrayList<>(server);
            declared.addAll(skills.extensionsFor(tier));
            byTier.put(tier, merged(declared));
        }
        return new CardExtensions(byTier);
    }

    private static List<AgentExtension> merged(List<AgentExtension> declared) {
        Map<String, AgentExtension> byUri = new LinkedHashMap<>();
        for (AgentExtension extension : declared) {
            if (extension.uri().isBlank()) {
                throw new IllegalStateException("an installed skill declares an extension without a URI");
            }
            AgentExtension earlier = byUri.putIfAbsent(extension.uri(), extension);
            if (earlier != null && !earlier.equals(extension)) {
                throw new IllegalStateException("the extension " + extension.uri()
                        + " is declared twice, differently; declare it in the same words or once");
            }
        }
        return List.copyOf(byUri.values());
    }

    /** What the card of a caller of this tier lists. */
    public List<AgentExtension> forTier(Tier tier) {
        return byTier.get(tier);
    }

    /**
     * The extensions a request activates: those it names that its caller's card lists, in the
     * order it names them, each once. The others are ignored, as A2A asks: a client may name
     * extensions an agent does not know.
     */
    public List<String> activated(List<String> requested, Tier tier) {
        LinkedHashSet<String> active = new LinkedHashSet<>();
        for (String uri : requested) {
            if (forTier(tier).stream().anyMatch(extension -> extension.uri().equals(uri))) {
                active.add(uri);
            }
        }
        return List.copyOf(active);
    }

    /** The required extensions of the caller's card that a request does not activate. */
    public List<String> missingRequired(List<String> requested, Tier tier) {
        return forTier(tier).stream().filter(AgentExtension::required).map(AgentExtension::uri)
                .filter(uri -> !requested.contains(uri)).toList();
    }
}
