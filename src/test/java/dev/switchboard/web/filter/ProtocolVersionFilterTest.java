package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.web.binding.RequestScope;
import dev.switchboard.web.binding.RequestedVersion;
import org.junit.jupiter.api.Test;

class ProtocolVersionFilterTest {
    @Test
    void queryParameterIsReadFromTheRawQuery() {
        assertEquals("0.3", ProtocolVersionFilter.queryParameter("A2A-Version=0.3"));
        assertEquals("1.0", ProtocolVersionFilter.queryParameter("x=1&a2a-version=1.0&y=2"));
        assertEquals("1.0 beta", ProtocolVersionFilter.queryParameter("A2A-Version=1.0+beta"));
        assertNull(ProtocolVersionFilter.queryParameter("A2A-Versions=1.0"));
        assertNull(ProtocolVersionFilter.queryParameter(null));
        assertNull(ProtocolVersionFilter.queryParameter(""));
    }

    @Test
    void requestedVersionTellsNamedSupportedAndUnsupported() {
        assertFalse(RequestedVersion.of((String) null).isNamed());
        assertFalse(RequestedVersion.of(" ").isNamed());
        assertEquals(ProtocolVersion.V1_0, RequestedVersion.of("1.0.1").version());
        RequestedVersion unsupported = RequestedVersion.of("2.0");
        assertTrue(unsupported.isNamed());
        assertTrue(unsupported.isUnsupported());
        assertEquals("2.0", unsupported.named());
    }

    @Test
    void theHeaderWinsOverTheQueryAndTheFindingIsInTheRequestScope() throws Exception {
        ProtocolVersionFilter filter = new ProtocolVersionFilter();
        Exchange.Chain chain = new Exchange.Chain();
        Exchange both = new Exchange("GET", "/.well-known/agent-card.json").header("A2A-Version", "0.3");
        both.query = "A2A-Version=1.0";
        filter.doFilter(both.request, both.response, chain);
        assertEquals(ProtocolVersion.V0_3, RequestScope.requestedVersion(chain.passed).version());

        Exchange query = new Exchange("GET", "/.well-known/agent-card.json");
        query.query = "A2A-Version=1.0";
        filter.doFilter(query.request, query.response, chain);
        assertEquals(ProtocolVersion.V1_0, RequestScope.requestedVersion(chain.passed).version());

        Exchange none = new Exchange("POST", "/a2a/jsonrpc");
        filter.doFilter(none.request, none.response, chain);
        assertFalse(RequestScope.requestedVersion(chain.passed).isNamed());
    }
}
