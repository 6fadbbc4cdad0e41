package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.ProtocolVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an Agent Card of either line into a {@link PeerCard}: 1.0 {@code supportedInterfaces},
 * and the 0.3 {@code url}/{@code preferredTransport}/{@code additionalInterfaces}, which a
 * discovery document may carry beside the 1.0 fields. Lenient: what it does not understand is
 * left out, never guessed.
 */
final class CardReader {
    private CardReader() {
    }

    /** A card that was not discovered, such as the extended card: its trace is empty. */
    static PeerCard read(URI cardUrl, JsonObject json) {
        return read(cardUrl, json, List.of());
    }

    /** @param trace how the card was found, one line per request */
    static PeerCard read(URI cardUrl, JsonObject json, List<String> trace) {
        if (!json.containsKey("name") || json.get("name").getValueType() != JsonValue.ValueType.STRING) {
            throw new A2AClientException("not an Agent Card (no name) at " + cardUrl);
        }
        JsonObject capabilities = json.containsKey("capabilities") && json.get("capabilities") instanceof JsonObject c
                ? c : JsonValue.EMPTY_JSON_OBJECT;
        boolean extended = capabilities.getBoolean("extendedAgentCard", false)
                || json.getBoolean("supportsAuthenticatedExtendedCard", false);
        return new PeerCard(cardUrl, json, json.getString("name"), text(json, "description"), text(json, "version"),
                text(json, "iconUrl"), interfaces(cardUrl, json), schemes(json), skills(json),
                capabilities.getBoolean("streaming", false), extended, trace, null);
    }

    static List<AgentInterface> interfaces(URI cardUrl, JsonObject json) {
        List<AgentInterface> found = new ArrayList<>();
        for (JsonObject item : objects(json, "supportedInterfaces")) {
            Optional<ProtocolVersion> version = ProtocolVersion.parse(text(item, "protocolVersion"));
            String url = text(item, "url");
            String binding = text(item, "protocolBinding");
            String resolved = binding == null || url == null ? null : interfaceUrl(cardUrl, binding, url);
            if (version.isPresent() && resolved != null) {
                found.add(new AgentInterface(resolved, binding.toUpperCase(Locale.ROOT),
                        version.get(), blankToNull(text(item, "tenant"))));
            }
        }
        String legacyUrl = text(json, "url");
        if (legacyUrl != null) {
            // 0.3 requires protocolVersion; a card without one predates 1.0
            String declared = text(json, "protocolVersion");
            ProtocolVersion version = declared == null ? ProtocolVersion.V0_3
                    : ProtocolVersion.parse(declared).orElse(null);
            if (version != null) {
                String preferred = Optional.ofNullable(text(json, "preferredTransport")).orElse(AgentInterface.JSONRPC);
                add(found, new AgentInterface(absolute(cardUrl, legacyUrl), preferred.toUpperCase(Locale.ROOT), version));
                for (JsonObject item : objects(json, "additionalInterfaces")) {
                    String url = text(item, "url");
                    String transport = text(item, "transport");
                    String resolved = url == null || transport == null ? null : interfaceUrl(cardUrl, transport, url);
                    if (resolved != null) {
                        add(found, new AgentInterface(resolved, transport.toUpperCase(Locale.ROOT), version));
                    }
                }
            }
        }
        return found;
    }

    private static void add(List<AgentInterface> found, AgentInterface candidate) {
        if (!found.contains(candidate)) {
            found.add(candidate);
        }
    }

    static List<CardScheme> schemes(JsonObject json) {
        List<CardScheme> schemes = new ArrayList<>();
        if (!(json.get("securitySchemes") instanceof JsonObject all)) {
            return schemes;
        }
        for (Map.Entry<String, JsonValue> entry : all.entrySet()) {
            if (entry.getValue() instanceof JsonObject body) {
                schemes.add(scheme(entry.getKey(), body));
            }
        }
        return schemes;
    }

    private static CardScheme scheme(String name, JsonObject body) {
        // 1.0: {"httpAuthSecurityScheme": {...}}; 0.3: {"type": "http", ...}
        String type = text(body, "type");
        JsonObject inner = body;
        if (type == null && body.size() == 1) {
            String member = body.keySet().iterator().next();
            type = member;
            inner = body.get(member) instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
        }
        String t = type == null ? "" : type.toLowerCase(Locale.ROOT);
        if (t.startsWith("http")) {
            String scheme = Optional.ofNullable(text(inner, "scheme")).orElse("bearer").toLowerCase(Locale.ROOT);
            return new CardScheme(name, CardScheme.Type.HTTP, scheme, null, null, null);
        }
        if (t.startsWith("apikey")) {
            String location = Optional.ofNullable(text(inner, "location")).orElse(text(inner, "in"));
            return new CardScheme(name, CardScheme.Type.API_KEY, null,
                    location == null ? "header" : location.toLowerCase(Locale.ROOT), text(inner, "name"), null);
        }
        if (t.startsWith("oauth2")) {
            String tokenUrl = null;
            List<String> flowNames = List.of();
            if (inner.get("flows") instanceof JsonObject flows) {
                flowNames = flows.keySet().stream().filter(f -> flows.get(f) instanceof JsonObject).toList();
                if (flows.get("clientCredentials") instanceof JsonObject credentials) {
                    tokenUrl = text(credentials, "tokenUrl");
                }
            }
            return new CardScheme(name, CardScheme.Type.OAUTH2, null, null, null, tokenUrl,
                    text(inner, "oauth2MetadataUrl"), flowNames);
        }
        if (t.startsWith("openid")) {
            return new CardScheme(name, CardScheme.Type.OPENID_CONNECT, null, null, null, null,
                    text(inner, "openIdConnectUrl"), List.of());
        }
        if (t.startsWith("mtls") || t.startsWith("mutualtls")) {
            return new CardScheme(name, CardScheme.Type.MUTUAL_TLS, null, null, null, null);
        }
        return new CardScheme(name, CardScheme.Type.OTHER, null, null, null, null);
    }

    static List<AgentSkill> skills(JsonObject json) {
        List<AgentSkill> skills = new ArrayList<>();
        for (JsonObject item : objects(json, "skills")) {
            String id = text(item, "id");
            if (id != null) {
                skills.add(new AgentSkill(id, Optional.ofNullable(text(item, "name")).orElse(id),
                        Optional.ofNullable(text(item, "description")).orElse(""), strings(item, "tags"),
                        strings(item, "examples"), strings(item, "inputModes"), strings(item, "outputModes")));
            }
        }
        return skills;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    /**
     * An interface's url as the client keeps it: an HTTP binding's resolved against the card, a
     * gRPC one ({@code host:port}, which is no URI) as given; null for an HTTP url that does not
     * parse, so one bad entry leaves the card's other interfaces usable.
     */
    static String interfaceUrl(URI cardUrl, String binding, String url) {
        if (binding.equalsIgnoreCase(AgentInterface.GRPC)) {
            return url;
        }
        try {
            return absolute(cardUrl, url);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String absolute(URI base, String url) {
        return base == null ? url : base.resolve(url).toString();
    }

    static String text(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }

    static List<String> strings(JsonObject json, String name) {
        if (!(json.get(name) instanceof JsonArray array)) {
            return List.of();
        }
        return array.stream().filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString()).toList();
    }

    static List<JsonObject> objects(JsonObject json, String name) {
        if (!(json.get(name) instanceof JsonArray array)) {
            return List.of();
        }
        return array.stream().filter(JsonObject.class::isInstance).map(JsonObject.class::cast).toList();
    }
}
