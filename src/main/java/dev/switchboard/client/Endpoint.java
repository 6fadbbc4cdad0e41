package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import java.util.Locale;
import java.util.Optional;

/** A binding and protocol line this client speaks, in its default order of preference. */
public enum Endpoint {
    JSONRPC_1_0(AgentInterface.JSONRPC, ProtocolVersion.V1_0),
    HTTP_JSON_1_0(AgentInterface.HTTP_JSON, ProtocolVersion.V1_0),
    JSONRPC_0_3(AgentInterface.JSONRPC, ProtocolVersion.V0_3);

    private final String binding;
    private final ProtocolVersion version;

    Endpoint(String binding, ProtocolVersion version) {
        this.binding = binding;
        this.version = version;
    }

    public String binding() {
        return binding;
    }

    public ProtocolVersion version() {
        return version;
    }

    /** Whether the card's interface is this binding in this line. */
    public boolean matches(AgentInterface endpoint) {
        return endpoint.protocolVersion() == version && endpoint.protocolBinding().equalsIgnoreCase(binding);
    }

    /** Parses {@code jsonrpc}, {@code rest}, {@code jsonrpc-0.3}, {@code HTTP+JSON/1.0} and the like. */
    public static Optional<Endpoint> parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        String binding = t.startsWith("REST") || t.startsWith("HTTP") ? AgentInterface.HTTP_JSON
                : t.startsWith("JSONRPC") || t.startsWith("JSON-RPC") ? AgentInterface.JSONRPC : null;
        ProtocolVersion version = t.endsWith("0.3") ? ProtocolVersion.V0_3 : ProtocolVersion.V1_0;
        for (Endpoint endpoint : values()) {
            if (endpoint.binding.equals(binding) && endpoint.version == version) {
                return Optional.of(endpoint);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return binding + " " + version.label();
    }
}
