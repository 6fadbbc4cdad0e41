package dev.switchboard.protocol;

import static dev.switchboard.protocol.JsonValues.addIfNotEmpty;
import static dev.switchboard.protocol.JsonValues.addIfPresent;
import static dev.switchboard.protocol.JsonValues.strings;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

/**
 * The Agent Card in the 1.0 ProtoJSON shape. Required fields are always written, even when empty;
 * optional scalars only when set; repeated fields only when they have elements.
 */
public final class AgentCardCodec {
    private AgentCardCodec() {
    }

    /** The card as a JSON object builder, so other lines' codecs can add their discovery fields. */
    public static JsonObjectBuilder toJson(AgentCard card) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder()
                .add("name", card.name())
                .add("description", card.description())
                .add("version", card.version())
                .add("supportedInterfaces", interfaces(card));
        if (card.provider() != null) {
            json.add("provider", JsonFactory.createObjectBuilder()
                    .add("organization", card.provider().organization())
                    .add("url", card.provider().url()));
        }
        addIfPresent(json, "documentationUrl", card.documentationUrl());
        addIfPresent(json, "iconUrl", card.iconUrl());
        json.add("capabilities", capabilities(card.capabilities()));
        if (!card.securitySchemes().isEmpty()) {
            JsonObjectBuilder schemes = JsonFactory.createObjectBuilder();
            for (SecurityScheme scheme : card.securitySchemes()) {
                JsonObjectBuilder body = JsonFactory.createObjectBuilder();
                switch (scheme.kind()) {
                    case HTTP_BEARER -> body.add("scheme", "Bearer");
                    case API_KEY_HEADER -> body.add("location", "header").add("name", scheme.headerName());
                    case OPEN_ID_CONNECT -> body.add("openIdConnectUrl", scheme.url());
                }
                addIfPresent(body, "description", scheme.description());
                schemes.add(scheme.name(), JsonFactory.createObjectBuilder().add(switch (scheme.kind()) {
                    case HTTP_BEARER -> "httpAuthSecurityScheme";
                    case API_KEY_HEADER -> "apiKeySecurityScheme";
                    case OPEN_ID_CONNECT -> "openIdConnectSecurityScheme";
                }, body));
            }
            json.add("securitySchemes", schemes);
        }
        if (!card.securityRequirements().isEmpty()) {
            JsonArrayBuilder requirements = JsonFactory.createArrayBuilder();
            for (String name : card.securityRequirements()) {
                requirements.add(JsonFactory.createObjectBuilder().add("schemes", JsonFactory.createObjectBuilder()
                        .add(name, JsonFactory.createObjectBuilder().add("list", JsonFactory.createArrayBuilder()))));
            }
            json.add("securityRequirements", requirements);
        }
        json.add("defaultInputModes", strings(card.defaultInputModes()));
        json.add("defaultOutputModes", strings(card.defaultOutputModes()));
        json.add("skills", skills(card));
        return json;
    }

    private static JsonArrayBuilder interfaces(AgentCard card) {
        JsonArrayBuilder array = JsonFactory.createArrayBuilder();
        for (AgentInterface endpoint : card.supportedInterfaces()) {
            JsonObjectBuilder json = JsonFactory.createObjectBuilder()
                    .add("url", endpoint.url())
                    .add("protocolBinding", endpoint.protocolBinding())
                    .add("protocolVersion", endpoint.protocolVersion().label());
            addIfPresent(json, "tenant", endpoint.tenant());
            array.add(json);
        }
        return array;
    }

    private static JsonObjectBuilder capabilities(AgentCapabilities capabilities) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder()
                .add("streaming", capabilities.streaming())
                .add("pushNotifications", capabilities.pushNotifications())
                .add("extendedAgentCard", capabilities.extendedAgentCard());
        if (!capabilities.extensions().isEmpty()) {
            json.add("extensions", extensions(capabilities));
        }
        return json;
    }

    /** Extensions are written the same way in both lines. */
    public static JsonArrayBuilder extensions(AgentCapabilities capabilities) {
        JsonArrayBuilder array = JsonFactory.createArrayBuilder();
        for (AgentExtension extension : capabilities.extensions()) {
            JsonObjectBuilder json = JsonFactory.createObjectBuilder().add("uri", extension.uri());
            addIfPresent(json, "description", extension.description());
            json.add("required", extension.required());
            if (!extension.params().isEmpty()) {
                json.add("params", JsonValues.of(extension.params()));
            }
            array.add(json);
        }
        return array;
    }

    /** Skills have the same field names in both lines. */
    public static JsonArrayBuilder skills(AgentCard card) {
        JsonArrayBuilder array = JsonFactory.createArrayBuilder();
        for (AgentSkill skill : card.skills()) {
            JsonObjectBuilder json = JsonFactory.createObjectBuilder()
                    .add("id", skill.id())
                    .add("name", skill.name())
                    .add("description", skill.description())
                    .add("tags", strings(skill.tags()));
            addIfNotEmpty(json, "examples", skill.examples());
            addIfNotEmpty(json, "inputModes", skill.inputModes());
            addIfNotEmpty(json, "outputModes", skill.outputModes());
            array.add(json);
        }
        return array;
    }
}
