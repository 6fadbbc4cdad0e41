package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.card.AgentCardFactory;
import dev.switchboard.config.PushSettings;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.ProtocolVersion;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LandingPageTest {
    private static final Settings SETTINGS = new Settings(URI.create("https://agent.example.com"), Path.of("/tmp"),
            "<script>alert(1)</script>", "Fish & chips", null, null, null, null, "1.0.0", List.of("text/plain", "application/json"), Duration.ofSeconds(300),
            4096, "jdbc:h2:mem:test", null, null, null, "local", 4, Duration.ofSeconds(15), null, null, null,
                dev.switchboard.config.RequestLimits.DEFAULT, null, null,
                true, null, null, true, PushSettings.DEFAULT, true, null, null, null);

    @Test
    void settingsAreEscaped() {
        AgentCard card = AgentCardFactory.build(SETTINGS, List.of(), AgentCapabilities.none(), List.of());
        String html = LandingPage.render(card, SETTINGS);
        assertFalse(html.contains("<script>"), html);
        assertTrue(html.contains("&lt;script&gt;"));
        assertTrue(html.contains("Fish &amp; chips"));
        assertTrue(html.contains("https://agent.example.com/.well-known/agent-card.json"));
        assertTrue(html.contains("No skills are installed"));
    }

    @Test
    void endpointsSkillsAndExamplesAreListed() {
        AgentSkill skill = new AgentSkill("catalogue", "Catalogue", "Answers questions", List.of(),
                List.of("Does CrewAI support A2A?"), List.of(), List.of());
        AgentInterface rpc = new AgentInterface("https://agent.example.com/a2a/jsonrpc", AgentInterface.JSONRPC,
                ProtocolVersion.V1_0);
        AgentCard card = AgentCardFactory.build(SETTINGS, List.of(rpc), AgentCapabilities.none(), List.of(skill));
        String html = LandingPage.render(card, SETTINGS);
        assertTrue(html.contains("Catalogue"));
        assertTrue(html.contains("Does CrewAI support A2A?"));
        assertTrue(html.contains("curl -s https://agent.example.com/a2a/jsonrpc"));
        assertTrue(html.contains("SendMessage"));
    }
}
