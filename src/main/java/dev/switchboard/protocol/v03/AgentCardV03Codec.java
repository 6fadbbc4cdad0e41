package dev.switchboard.protocol.v03;

import dev.switchboard.protocol.JsonFactory;
import static dev.switchboard.protocol.JsonValues.addIfPresent;
import static dev.switchboard.protocol.JsonValues.strings;

import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentCardCodec;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SecurityScheme;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;

/**
 * The Agent Card as A2A 0.3 clients read it: one main {@code url} with its
 * {@code preferredTransport}, further endpoints in {@code additionalInterfaces} and a top-level
 * {@code protocolVersion}.
 *
 * <p>The main endpoint is the card's first 0.3 interface. The 0.3 rendering of a card with none
 * points at its first interface and says which line that one speaks, so a reader learns at once
 * that it needs another line.
 */
public final class AgentCardV03Codec {
    /** The 0.3 spelling of the line in the top-level {@code protocolVersion}. */
    static final String V03_PROTOCOL_VERSION = "0.3.0";

    private AgentCardV03Codec() {
    }

    /** The 0.3 rendering of the card. */
    public static JsonObjectBuilder toJson(AgentCard card) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder();
        discoveryFields(json, card);
        json.add("name", card.name())
                .add("description", card.description())
                .add("version", card.version());
        addIfPresent(json, "iconUrl", card.iconUrl());
        if (card.provider() != null) {
            json.add("provider", JsonFactory.createObjectBuilder()
                    .add("organization", card.provider().organization())
                    .add("url", card.provider().url()));
        }
        addIfPresent(json, "documentationUrl", card.documentationUrl());
        if (!card.securitySchemes().isEmpty()) {
            JsonObjectBuilder schemes = JsonFactory.createObjectBuilder();
            for (SecurityScheme scheme : card.securitySchemes()) {
                schemes.add(scheme.name(), scheme(scheme));
            }
            json.add("securitySchemes", schemes);
        }
        addSecurity(json, card);
        json.add("capabilities", capabilities(card.capabilities()))
                .add("defaultInputModes", strings(card.defaultInputModes()))
                .add("defaultOutputModes", strings(card.defaultOutputModes()))
                .add("skills", AgentCardCodec.skills(card))
                .add("supportsAuthenticatedExtendedCard", card.capabilities().extendedAgentCard());
        return json;
    }

    /**
     * The 1.0 rendering of a card made readable for 0.3 clients too, when it lists a 0.3 endpoint
     * (fields leading 0.3 clients to endpoints they cannot speak to would help nobody, and strict
     * 1.0 schema validation refuses them):
     * the discovery fields, {@code supportsAuthenticatedExtendedCard}, the 0.3 {@code security},
     * and each security scheme with its 0.3 members ({@code type}, {@code scheme} or
     * {@code in}/{@code name}) beside its 1.0 one ({@code httpAuthSecurityScheme}...). Readers of
     * either line ignore the other line's members; a 0.3 client cannot read a scheme without
     * {@code type} at all.
     */
    public static JsonObject mergeInto(JsonObject v1, AgentCard card) {
        if (card.interfacesFor(ProtocolVersion.V0_3).isEmpty()) {
            return v1;
        }
        JsonObjectBuilder json = JsonFactory.createObjectBuilder(v1);
        discoveryFields(json, card);
        JsonObject schemes = v1.getJsonObject("securitySchemes");
        if (schemes != null) {
            JsonObjectBuilder merged = JsonFactory.createObjectBuilder();
            for (SecurityScheme scheme : card.securitySchemes()) {
                JsonObjectBuilder both = JsonFactory.createObjectBuilder(scheme(scheme).build());
                JsonObject current = schemes.getJsonObject(scheme.name());
                if (current != null) {
                    current.forEach(both::add);
                }
                merged.add(scheme.name(), both);
            }
            json.add("securitySchemes", merged);
        }
        addSecurity(json, card);
        return json.add("supportsAuthenticatedExtendedCard", card.capabilities().extendedAgentCard()).build();
    }

    private static JsonObjectBuilder scheme(SecurityScheme scheme) {
        JsonObjectBuilder body = switch (scheme.kind()) {
            case HTTP_BEARER -> JsonFactory.createObjectBuilder().add("type", "http").add("scheme", "bearer");
            case API_KEY_HEADER -> JsonFactory.createObjectBuilder().add("type", "apiKey").add("in", "header")
                    .add("name", scheme.headerName());
            case OPEN_ID_CONNECT -> JsonFactory.createObjectBuilder().add("type", "openIdConnect")
                    .add("openIdConnectUrl", scheme.url());
        };
        addIfPresent(body, "description", scheme.description());
        return body;
    }

    private static void addSecurity(JsonObjectBuilder json, AgentCard card) {
        if (!card.securityRequirements().isEmpty()) {
            JsonArrayBuilder security = JsonFactory.createArrayBuilder();
            card.securityRequirements().forEach(name -> security.add(JsonFactory.createObjectBuilder()
                    .add(name, JsonFactory.createArrayBuilder())));
            json.add("security", security);
        }
    }

    private static JsonObjectBuilder discoveryFields(JsonObjectBuilder json, AgentCard card) {
        List<AgentInterface> endpoints = card.interfacesFor(ProtocolVersion.V0_3);
        if (endpoints.isEmpty() && !card.supportedInterfaces().isEmpty()) {
            endpoints = card.interfacesFor(card.supportedInterfaces().get(0).protocolVersion());
        }
        if (endpoints.isEmpty()) {
            return json.add("protocolVersion", V03_PROTOCOL_VERSION);
        }
        AgentInterface main = endpoints.get(0);
        json.add("protocolVersion", main.protocolVersion() == ProtocolVersion.V0_3
                ? V03_PROTOCOL_VERSION : main.protocolVersion().label());
        json.add("url", main.url());
        json.add("preferredTransport", main.protocolBinding());
        JsonArrayBuilder additional = JsonFactory.createArrayBuilder();
        for (AgentInterface endpoint : endpoints) {
            additional.add(JsonFactory.createObjectBuilder()
                    .add("url", endpoint.url())
                    .add("transport", endpoint.protocolBinding()));
        }
        return json.add("additionalInterfaces", additional);
    }

    private static JsonObjectBuilder capabilities(AgentCapabilities capabilities) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder()
                .add("streaming", capabilities.streaming())
                .add("pushNotifications", capabilities.pushNotifications())
                .add("stateTransitionHistory", false);
        if (!capabilities.extensions().isEmpty()) {
            json.add("extensions", AgentCardCodec.extensions(capabilities));
        }
        return json;
    }
}
