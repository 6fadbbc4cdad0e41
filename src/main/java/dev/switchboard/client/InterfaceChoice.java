package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
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
