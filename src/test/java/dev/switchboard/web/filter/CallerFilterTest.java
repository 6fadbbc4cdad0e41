package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class CallerFilterTest {
    private static final Set<String> PROXIES = Set.of("10.0.0.1", "10.0.0.2");

    @Test
    void forwardedForIsBelievedOnlyFromTrustedProxies() {
        assertEquals("203.0.113.9", CallerFilter.clientAddress("203.0.113.9", "198.51.100.1", PROXIES),
                "a client cannot choose its address by writing the header");
        assertEquals("198.51.100.1", CallerFilter.clientAddress("10.0.0.1", "198.51.100.1", PROXIES));
        assertEquals("198.51.100.1", CallerFilter.clientAddress("10.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2", PROXIES),
                "the last hop that is not one of ours, not a spoofed first one");
        assertEquals("10.0.0.1", CallerFilter.clientAddress("10.0.0.1", null, PROXIES));
        assertEquals("10.0.0.1", CallerFilter.clientAddress("10.0.0.1", "10.0.0.2", PROXIES));
    }

    @Test
    void onlyA2AOperationsAreIdentified() {
        assertTrue(CallerFilter.isOperation("POST", "/"));
        assertTrue(CallerFilter.isOperation("POST", "/a2a/jsonrpc"));
        assertTrue(CallerFilter.isOperation("GET", "/tasks/x"));
        assertTrue(CallerFilter.isOperation("GET", "/v1/tasks/x"), "the 0.3 routes at the origin");
        assertTrue(CallerFilter.isOperation("POST", "/v1/message:send"));
        assertTrue(CallerFilter.isOperation("GET", "/tasks"));
        assertTrue(CallerFilter.isOperation("POST", "/message:send"));
        assertTrue(CallerFilter.isOperation("GET", "/extendedAgentCard"));
        assertFalse(CallerFilter.isOperation("GET", "/"));
        assertFalse(CallerFilter.isOperation("GET", "/.well-known/agent-card.json"));
        assertFalse(CallerFilter.isOperation("GET", "/health"));
        assertFalse(CallerFilter.isOperation("GET", "/catalogue.json"));
    }
}
