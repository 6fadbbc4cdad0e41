package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Which of a card's interfaces the client uses: the first endpoint in the preference order the card offers. */
final class InterfaceChoice {
    /** The client's default order: JSON-RPC 1.0, then HTTP+JSON 1.0, then JSON-RPC 0.3. */
    static final List<Endpoint> DEFAULT_ORDER = List.of(Endpoint.values());

    /** An interface and how the client will speak to it. */
    record Chosen(Endpoint endpoint, AgentInterface agentInterface) {
    }

    private InterfaceChoice() {
    }

    /**
     * @throws A2AClientException when the card offers none of the preferred endpoints
     */
    static Chosen require(PeerCard card, List<Endpoint> preference) {
        return choose(card.interfaces(), preference).orElseThrow(() -> new A2AClientException("the card at "
                + card.cardUrl() + " offers no interface this client speaks ("
                + (preference.isEmpty() ? DEFAULT_ORDER : preference) + ")"));
    }

    /** How the card was found, what it offers and what was chosen: what {@code connect --inspect} prints. */
    static List<String> trace(PeerCard card, Chosen chosen) {
        List<String> trace = new ArrayList<>(card.trace());
        card.interfaces().forEach(i -> trace.add("interface " + i.protocolBinding() + " "
                + i.protocolVersion().label() + " at " + i.url() + (i.tenant() == null ? "" : " tenant " + i.tenant())));
        trace.add("chosen: " + chosen.endpoint() + " at " + chosen.agentInterface().url());
        return trace;
    }

    /**
     * @param preference the endpoints to consider, best first; empty for {@link #DEFAULT_ORDER}
     */
    static Optional<Chosen> choose(List<AgentInterface> offered, List<Endpoint> preference) {
        for (Endpoint endpoint : preference.isEmpty() ? DEFAULT_ORDER : preference) {
            for (AgentInterface candidate : offered) {
                if (endpoint.matches(candidate)) {
                    return Optional.of(new Chosen(endpoint, candidate));
                }
            }
        }
        return Optional.empty();
    }
}
