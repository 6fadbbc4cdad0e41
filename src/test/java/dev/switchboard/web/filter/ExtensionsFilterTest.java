package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.RequestScope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The extensions filter reads both headers once, records the finding, and echoes what is active. */
class ExtensionsFilterTest {
    private final ExtensionsFilter filter = new ExtensionsFilter(CardExtensions.of(List.of(
            new AgentExtension("urn:optional:v1", null, false, Map.of()),
            new AgentExtension("urn:required:v1", null, true, Map.of())), InstalledSkills.of(List.of())));
    private final Exchange.Chain chain = new Exchange.Chain();

    @Test
    void bothHeadersAndEveryLineAreOneListAndTheActiveOnesAreEchoedInBoth() throws Exception {
        Exchange exchange = new Exchange("POST", "/a2a/jsonrpc").header("A2A-Extensions", "urn:unknown, urn:optional:v1")
                .header("a2a-extensions", "urn:required:v1").header("X-A2A-Extensions", "urn:optional:v1");
        filter.doFilter(exchange.request, exchange.response, chain);
        CallExtensions found = RequestScope.extensions(chain.passed);
        assertEquals(List.of("urn:unknown", "urn:optional:v1", "urn:required:v1"), found.requested());
        assertEquals(List.of("urn:optional:v1", "urn:required:v1"), found.active());
        assertEquals(List.of(), found.missing());
        assertEquals("urn:optional:v1,urn:required:v1", exchange.responseHeader("A2A-Extensions"));
        assertEquals("urn:optional:v1,urn:required:v1", exchange.responseHeader("X-A2A-Extensions"),
                "a 0.3 client finds the header it sent");
    }

    @Test
    void aRequestNamingNoneActivatesNoneAndMissesTheRequiredOnes() throws Exception {
        Exchange exchange = new Exchange("POST", "/a2a/rest/message:send");
        RequestScope.caller(exchange.request, new Caller(Caller.Kind.API_KEY, "key:k", Tier.AUTHENTICATED, "k"));
        filter.doFilter(exchange.request, exchange.response, chain);
        assertEquals(List.of("urn:required:v1"), RequestScope.extensions(chain.passed).missing());
        assertNull(exchange.responseHeader("A2A-Extensions"));
        assertNull(exchange.responseHeader("X-A2A-Extensions"));
    }

    @Test
    void sharedDocumentsAreNotEchoedOnSoNoCacheKeepsOneCallersHeader() throws Exception {
        for (String path : List.of("/.well-known/agent-card.json", "/catalogue.json", "/static/try.js", "/", "/health")) {
            Exchange exchange = new Exchange("GET", path).header("A2A-Extensions", "urn:optional:v1");
            filter.doFilter(exchange.request, exchange.response, chain);
            assertNull(exchange.responseHeader("A2A-Extensions"), path);
        }
        Exchange task = new Exchange("GET", "/a2a/rest/tasks/t1").header("A2A-Extensions", "urn:optional:v1");
        filter.doFilter(task.request, task.response, chain);
        assertEquals("urn:optional:v1", task.responseHeader("A2A-Extensions"));
    }
}
