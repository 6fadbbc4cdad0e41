package dev.switchboard.card;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OidcCardTest {
    private static final String ISSUER = "https://login.example.com/realms/agents";

    @TempDir
    Path temp;

    private JsonObject card(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("SWITCHBOARD_DATA_DIR", temp.toString());
        all.put("SWITCHBOARD_PUBLIC_URL", "https://agent.example.com");
        Settings settings = new SettingsLoader(name -> null, name -> null, all).load();
        byte[] bytes = AgentCardDocuments.render(PublishedCard.build(settings, List.of(), List.of())).forVersion(null);
        return Json.createReader(new ByteArrayInputStream(bytes)).readObject();
    }

    @Test
    void theProviderIsDeclaredByItsDiscoveryDocumentInBothLinesShapes() {
        JsonObject card = card(Map.of("SWITCHBOARD_OIDC_ISSUER", ISSUER, "SWITCHBOARD_OIDC_AUDIENCE", "switchboard"));
        JsonObject oidc = card.getJsonObject("securitySchemes").getJsonObject("oidc");
        assertEquals(ISSUER + "/.well-known/openid-configuration",
                oidc.getJsonObject("openIdConnectSecurityScheme").getString("openIdConnectUrl"), "1.0");
        assertEquals("openIdConnect", oidc.getString("type"), "0.3");
        assertEquals(ISSUER + "/.well-known/openid-configuration", oidc.getString("openIdConnectUrl"));
        assertFalse(card.getJsonObject("securitySchemes").containsKey("apiKey"),
                "no API key scheme where the server takes no API keys");
        assertTrue(card.getJsonObject("capabilities").getBoolean("extendedAgentCard"));
        assertFalse(card.containsKey("securityRequirements"), "anonymous callers are still let in");
    }

    @Test
    void withoutAnonymousAccessEverySchemeIsARequirementToChooseFrom() {
        JsonObject card = card(Map.of("SWITCHBOARD_OIDC_ISSUER", ISSUER, "SWITCHBOARD_OIDC_AUDIENCE", "switchboard",
                "SWITCHBOARD_ANONYMOUS_ACCESS", "false",
                "SWITCHBOARD_OPERATOR_TOKEN", "operator-token-of-at-least-32-characters"));
        assertEquals(List.of("bearer", "apiKey", "oidc"), card.getJsonArray("securityRequirements").stream()
                .map(requirement -> requirement.asJsonObject().getJsonObject("schemes").keySet().iterator().next())
                .toList());
        assertEquals(3, card.getJsonArray("security").size(), "and 0.3's security alike");
    }
}
