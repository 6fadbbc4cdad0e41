package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EndpointsTest {
    @Test
    void onlyA2AOperationsAreIdentified() {
        assertTrue(Endpoints.isOperation("POST", "/"));
        assertTrue(Endpoints.isOperation("POST", "/a2a/jsonrpc"));
        assertTrue(Endpoints.isOperation("GET", "/tasks/x"));
        assertTrue(Endpoints.isOperation("GET", "/v1/tasks/x"), "the 0.3 routes at the origin");
        assertTrue(Endpoints.isOperation("POST", "/v1/message:send"));
        assertTrue(Endpoints.isOperation("GET", "/tasks"));
        assertTrue(Endpoints.isOperation("POST", "/message:send"));
        assertTrue(Endpoints.isOperation("GET", "/extendedAgentCard"));
        assertTrue(Endpoints.isOperation("GET", "/card"), "the 0.3 name of the extended card route, at the origin");
        assertFalse(Endpoints.isOperation("GET", "/"));
        assertFalse(Endpoints.isOperation("GET", "/.well-known/agent-card.json"));
        assertFalse(Endpoints.isOperation("GET", "/health"));
        assertFalse(Endpoints.isOperation("GET", "/catalogue.json"));
    }
}
