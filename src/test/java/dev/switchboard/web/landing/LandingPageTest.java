package dev.switchboard.web.landing;

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
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LandingPageTest {
    private static final Settings SETTINGS = new Settings(URI.create("https://agent.example.com"), Path.of("/tmp"),
            "<script>alert(1)</script>", "Fish & chips", null, null, null, null, "1.0.0", List.of("text/plain", "application/json"), Duration.ofSeconds(300),
            4096, "jdbc:h2:mem:test", null, null, null, "local", 4, Duration.ofSeconds(15), null, null, null,
                dev.switchboard.config.RequestLimits.DEFAULT, null, null,
                true, null, null, true, PushSettings.DEFAULT, true, null, null, null, null, null, null);

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
        String html = pageWithOneSkill("Does CrewAI support A2A?");
        assertTrue(html.contains("Catalogue"));
        assertTrue(html.contains("Does CrewAI support A2A?"));
        assertTrue(html.contains("curl -s https://agent.example.com/a2a/jsonrpc"));
        assertTrue(html.contains("SendMessage"));
    }

    @Test
    void pageSendsAStrictPolicyAndHasNoInlineScriptOrStyle() throws Exception {
        String html = pageWithOneSkill("Does \"CrewAI\" <support> A2A?");

        String policy = new LandingResource(html).page().getHeaderString("Content-Security-Policy");
        assertTrue(policy.contains("default-src 'none'"), policy);
        assertTrue(policy.contains("script-src 'self'") && policy.contains("style-src 'self'"), policy);
        assertTrue(policy.contains("connect-src 'self'") && policy.contains("frame-ancestors 'none'"), policy);
        assertFalse(policy.contains("unsafe-"), policy);

        assertFalse(Pattern.compile("<script(?![^>]*\\ssrc=)", Pattern.CASE_INSENSITIVE).matcher(html).find(), html);
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<style"), html);
        assertFalse(Pattern.compile("\\s(style|on[a-z]+)=", Pattern.CASE_INSENSITIVE).matcher(html).find(), html);
        assertTrue(html.contains("<script src=\"static/try.js\" defer></script>"));
        assertTrue(html.contains("<link rel=\"stylesheet\" href=\"static/site.css\">"));
    }

    @Test
    void formNamesTheEndpointByPathAndOffersTheExamples() {
        String html = pageWithOneSkill("Does \"CrewAI\" <support> A2A?");
        assertTrue(html.contains("data-binding=\"JSONRPC\" data-endpoint=\"/a2a/jsonrpc\" data-streaming=\"false\""),
                html);
        assertTrue(html.contains("data-prompt=\"Does &quot;CrewAI&quot; &lt;support&gt; A2A?\""), html);
        assertTrue(html.contains("aria-live=\"polite\""));
        assertTrue(LandingPage.label("x".repeat(200)).length() == 60);
        assertTrue(LandingPage.label("short one").equals("short one"));
        assertTrue(html.contains("<label for=\"question\">"));
    }

    @Test
    void withoutA1Point0EndpointThereIsNoForm() {
        AgentCard card = AgentCardFactory.build(SETTINGS, List.of(), AgentCapabilities.none(), List.of());
        String html = LandingPage.render(card, SETTINGS);
        assertFalse(html.contains("<form"), html);
        assertTrue(html.contains("this page cannot send"));
    }

    @Test
    void scriptPutsServerDataOnThePageAsTextOnly() throws Exception {
        for (String name : StaticAssetServlet.ASSETS.keySet()) {
            assertTrue(Files.exists(Path.of("src/main/webapp", StaticAssetServlet.PREFIX, name)), name);
        }
        String script = Files.readString(Path.of("src/main/webapp/static/try.js"));
        for (String sink : List.of("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                "new Function")) {
            assertFalse(script.contains(sink), sink);
        }
    }

    /** The page of an agent with one JSON-RPC interface and one skill offering the example. */
    private static String pageWithOneSkill(String example) {
        AgentSkill skill = new AgentSkill("catalogue", "Catalogue", "Answers questions", List.of(),
                List.of(example), List.of(), List.of());
        AgentInterface rpc = new AgentInterface("https://agent.example.com/a2a/jsonrpc", AgentInterface.JSONRPC,
                ProtocolVersion.V1_0);
        return LandingPage.render(AgentCardFactory.build(SETTINGS, List.of(rpc), AgentCapabilities.none(),
                List.of(skill)), SETTINGS);
    }
}
