package dev.switchboard.card;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.PushSettings;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.ProtocolVersion;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentCardDocumentsTest {
    private static final String BASE = "https://agent.example.com";
    private static final AgentSkill SKILL = new AgentSkill("echo", "Echo", "Says it back", List.of("demo"),
            List.of("hello"), List.of(), List.of("text/plain"));

    private static Settings settings(String organization) {
        return new Settings(URI.create(BASE), Path.of("/tmp"), "Agent", "Does things", organization,
                organization == null ? null : URI.create("https://example.com"), null,
                URI.create("https://example.com/icon.png"), "2.1.0", List.of("text/plain", "application/json"), Duration.ofSeconds(300), 4096, "jdbc:h2:mem:test", null, null, null, "local", 4,
                Duration.ofSeconds(15), null, null, null,
                dev.switchboard.config.RequestLimits.DEFAULT, null, null,
                true, null, null, true, PushSettings.DEFAULT, true, null, null, null, null, null, null);
    }

    private static AgentCard card(List<AgentInterface> interfaces) {
        return AgentCardFactory.build(settings("Example Corp"), interfaces,
                new AgentCapabilities(true, false, false,
                        List.of(new AgentExtension("urn:x", "An extension", false, Map.of("k", 1)))),
                List.of(SKILL));
    }

    private static JsonObject parse(byte[] bytes) {
        return Json.createReader(new ByteArrayInputStream(bytes)).readObject();
    }

    private static final List<AgentInterface> BOTH_LINES = List.of(
            new AgentInterface(BASE + "/a2a/jsonrpc", AgentInterface.JSONRPC, ProtocolVersion.V1_0),
            new AgentInterface(BASE + "/a2a/rest", AgentInterface.HTTP_JSON, ProtocolVersion.V1_0),
            new AgentInterface(BASE + "/a2a/jsonrpc", AgentInterface.JSONRPC, ProtocolVersion.V0_3),
            new AgentInterface(BASE + "/a2a/rest", AgentInterface.HTTP_JSON, ProtocolVersion.V0_3));

    @Test
    void currentDocumentHasThe10Fields() {
        JsonObject json = parse(AgentCardDocuments.render(card(BOTH_LINES)).forVersion(null));
        assertEquals("Agent", json.getString("name"));
        assertEquals("Does things", json.getString("description"));
        assertEquals("2.1.0", json.getString("version"));
        assertEquals(4, json.getJsonArray("supportedInterfaces").size());
        JsonObject first = json.getJsonArray("supportedInterfaces").getJsonObject(0);
        assertEquals(BASE + "/a2a/jsonrpc", first.getString("url"));
        assertEquals("JSONRPC", first.getString("protocolBinding"));
        assertEquals("1.0", first.getString("protocolVersion"));
        assertFalse(first.containsKey("tenant"), "unset fields are omitted");
        assertEquals("Example Corp", json.getJsonObject("provider").getString("organization"));
        assertFalse(json.containsKey("documentationUrl"));
        assertEquals("https://example.com/icon.png", json.getString("iconUrl"));
        JsonObject capabilities = json.getJsonObject("capabilities");
        assertTrue(capabilities.getBoolean("streaming"));
        assertFalse(capabilities.getBoolean("pushNotifications"));
        assertFalse(capabilities.getBoolean("extendedAgentCard"));
        assertEquals("urn:x", capabilities.getJsonArray("extensions").getJsonObject(0).getString("uri"));
        assertEquals(List.of("text/plain", "application/json"),
                json.getJsonArray("defaultInputModes").getValuesAs(jakarta.json.JsonString::getString));
        JsonObject skill = json.getJsonArray("skills").getJsonObject(0);
        assertEquals("echo", skill.getString("id"));
        assertFalse(skill.containsKey("inputModes"), "empty repeated fields are omitted");
        assertEquals(1, skill.getJsonArray("outputModes").size());
    }

    @Test
    void discoveryDocumentCarriesThe03DiscoveryFields() {
        JsonObject json = parse(AgentCardDocuments.render(card(BOTH_LINES)).forVersion(null));
        assertEquals("0.3.0", json.getString("protocolVersion"));
        assertEquals(BASE + "/a2a/jsonrpc", json.getString("url"));
        assertEquals("JSONRPC", json.getString("preferredTransport"));
        assertEquals(2, json.getJsonArray("additionalInterfaces").size());
        assertEquals("HTTP+JSON", json.getJsonArray("additionalInterfaces").getJsonObject(1).getString("transport"));
    }

    @Test
    void callersOf10GetOnlyThe10Fields() {
        AgentCardDocuments documents = AgentCardDocuments.render(card(BOTH_LINES));
        JsonObject json = parse(documents.forVersion(ProtocolVersion.V1_0));
        for (String field : List.of("url", "preferredTransport", "protocolVersion", "additionalInterfaces")) {
            assertFalse(json.containsKey(field), field);
        }
        JsonObject discovery = parse(documents.forVersion(null));
        for (String field : json.keySet()) {
            assertEquals(json.get(field), discovery.get(field), "the discovery document extends it: " + field);
        }
    }

    @Test
    void the03DocumentHasOnlyThe03Shape() {
        JsonObject json = parse(AgentCardDocuments.render(card(BOTH_LINES)).forVersion(ProtocolVersion.V0_3));
        assertEquals("0.3.0", json.getString("protocolVersion"));
        assertEquals(BASE + "/a2a/jsonrpc", json.getString("url"));
        assertEquals("JSONRPC", json.getString("preferredTransport"));
        assertFalse(json.containsKey("supportedInterfaces"));
        assertFalse(json.getJsonObject("capabilities").containsKey("extendedAgentCard"));
        assertFalse(json.getJsonObject("capabilities").getBoolean("stateTransitionHistory"));
        assertFalse(json.getBoolean("supportsAuthenticatedExtendedCard"));
        assertEquals("Echo", json.getJsonArray("skills").getJsonObject(0).getString("name"));
        assertEquals("https://example.com", json.getJsonObject("provider").getString("url"));
    }

    @Test
    void withOnly10EndpointsTheDiscoveryDocumentHasNo03Fields() {
        List<AgentInterface> only10 = BOTH_LINES.subList(0, 2);
        AgentCardDocuments documents = AgentCardDocuments.render(card(only10));
        assertArrayEquals(documents.forVersion(ProtocolVersion.V1_0), documents.forVersion(null));
        JsonObject legacy = parse(documents.forVersion(ProtocolVersion.V0_3));
        assertEquals("1.0", legacy.getString("protocolVersion"), "the 0.3 rendering says where it leads");
        assertEquals(BASE + "/a2a/jsonrpc", legacy.getString("url"));
    }

    @Test
    void withNoEndpointsRequiredFieldsAreStillPresent() {
        AgentCard empty = AgentCardFactory.build(settings(null), List.of(), AgentCapabilities.none(), List.of());
        JsonObject json = parse(AgentCardDocuments.render(empty).forVersion(null));
        assertEquals(0, json.getJsonArray("supportedInterfaces").size());
        assertEquals(0, json.getJsonArray("skills").size());
        assertFalse(json.containsKey("provider"));
        assertFalse(json.containsKey("url"));
    }

    @Test
    void theDiscoveryDocumentsSchemesAreReadableByBothLines() {
        AgentCard secured = AgentCardFactory.build(settings("Example Corp"), BOTH_LINES,
                new AgentCapabilities(true, false, true, List.of()), List.of(SKILL),
                List.of(new dev.switchboard.protocol.SecurityScheme("bearer",
                                dev.switchboard.protocol.SecurityScheme.Kind.HTTP_BEARER, null, "A token"),
                        new dev.switchboard.protocol.SecurityScheme("apiKey",
                                dev.switchboard.protocol.SecurityScheme.Kind.API_KEY_HEADER, "X-API-Key", null)),
                List.of("bearer"));
        JsonObject json = parse(AgentCardDocuments.render(secured).forVersion(null));
        JsonObject bearer = json.getJsonObject("securitySchemes").getJsonObject("bearer");
        assertEquals("http", bearer.getString("type"), "0.3");
        assertEquals("bearer", bearer.getString("scheme"), "0.3");
        assertTrue(bearer.containsKey("httpAuthSecurityScheme"), "1.0");
        JsonObject apiKey = json.getJsonObject("securitySchemes").getJsonObject("apiKey");
        assertEquals("apiKey", apiKey.getString("type"));
        assertEquals("X-API-Key", apiKey.getString("name"));
        assertTrue(apiKey.containsKey("apiKeySecurityScheme"));
        assertEquals(1, json.getJsonArray("security").size(), "0.3");
        assertEquals(1, json.getJsonArray("securityRequirements").size(), "1.0");
        assertTrue(json.getBoolean("supportsAuthenticatedExtendedCard"));
        JsonObject pure = parse(AgentCardDocuments.render(secured).forVersion(ProtocolVersion.V1_0));
        assertFalse(pure.getJsonObject("securitySchemes").getJsonObject("bearer").containsKey("type"));
    }

    @Test
    void documentsAreSerializedOnce() {
        AgentCardDocuments documents = AgentCardDocuments.render(card(BOTH_LINES));
        assertTrue(documents.forVersion(ProtocolVersion.V0_3) == documents.forVersion(ProtocolVersion.V0_3));
        assertTrue(documents.forVersion(ProtocolVersion.V1_0) == documents.forVersion(ProtocolVersion.V1_0));
    }

    @Test
    void everyRenderingIsSignedAndVerifiesInBothForms(@org.junit.jupiter.api.io.TempDir Path dir) {
        CardSigningKeys keys = CardSigningKeys.load(dev.switchboard.config.CardSigningSettings.DEFAULT, dir);
        AgentCardDocuments documents = AgentCardDocuments.render(card(BOTH_LINES), keys,
                URI.create(BASE + PublishedCard.CARD_JWKS_PATH));
        com.nimbusds.jose.jwk.JWK key = keys.signing().get(0).toPublicJWK();
        dev.switchboard.protocol.signing.CardVerifier verifier = new dev.switchboard.protocol.signing.CardVerifier(
                (kid, jku) -> java.util.Optional.of(key).filter(k -> k.getKeyID().equals(kid)),
                java.time.Clock.systemUTC());
        for (ProtocolVersion version : new ProtocolVersion[] {null, ProtocolVersion.V1_0, ProtocolVersion.V0_3}) {
            JsonObject json = parse(documents.forVersion(version));
            assertEquals(2, json.getJsonArray("signatures").size(), "served and model forms for " + version);
            var result = verifier.verify(json);
            assertTrue(result.verified(), version + ": " + result.detail());
            assertEquals(dev.switchboard.protocol.signing.CanonicalCard.Form.AS_SERVED, result.form());
            JsonObject modelOnly = jakarta.json.Json.createObjectBuilder(json).add("signatures",
                    jakarta.json.Json.createArrayBuilder().add(json.getJsonArray("signatures").get(1))).build();
            assertEquals(dev.switchboard.protocol.signing.CanonicalCard.Form.V1_MODEL,
                    verifier.verify(modelOnly).form(), "model form for " + version);
        }
        var discoveryModel = parse(documents.forVersion(null)).getJsonArray("signatures").get(1);
        assertEquals(discoveryModel, parse(documents.forVersion(ProtocolVersion.V1_0)).getJsonArray("signatures").get(1),
                "the discovery and 1.0 documents have one 1.0-model form: one signature serves both");
        assertTrue(keys.jwks().contains(key.getKeyID()));
        assertFalse(keys.jwks().contains("\"d\""), "the JWK Set has no private part");
        assertEquals(key.getKeyID(), CardSigningKeys.load(dev.switchboard.config.CardSigningSettings.DEFAULT, dir)
                .signing().get(0).getKeyID(), "the made key is kept");
    }
}
