package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.Caller;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.web.binding.RequestScope;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Clock;
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

    private final CallerFilter filter = new CallerFilter(CallerIdentification.withKeys("operator-secret-token",
            new ApiKeys(null, Set.of(), Clock.systemUTC()), true), PROXIES);

    @Test
    void anOperationGoesOnWithItsCallerIdentified() throws Exception {
        Exchange exchange = new Exchange("POST", "/a2a/jsonrpc");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(exchange.request, exchange.response, chain);
        assertNotNull(chain.passed);
        Caller caller = RequestScope.caller(chain.passed);
        assertEquals(Caller.Kind.ANONYMOUS, caller.kind());
        assertTrue(caller.owner().startsWith("addr:"), caller.owner());

        Exchange operator = new Exchange("GET", "/tasks/t").header("Authorization", "Bearer operator-secret-token");
        filter.doFilter(operator.request, operator.response, chain);
        assertTrue(RequestScope.caller(chain.passed).isOperator());
    }

    @Test
    void discoveryIsNotAnOperationAndPassesUnidentified() throws Exception {
        Exchange exchange = new Exchange("GET", "/.well-known/agent-card.json").header("Authorization", "Bearer bogus");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(exchange.request, exchange.response, chain);
        assertNotNull(chain.passed, "a bad credential does not keep anyone from the card");
        assertNull(RequestScope.callerIfIdentified(chain.passed));
    }

    @Test
    void aRefusedCredentialIs401WithItsReasonAndAChallenge() throws Exception {
        Exchange exchange = new Exchange("POST", "/a2a/rest/message:send").header("Authorization", "Bearer sbk_nope");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(exchange.request, exchange.response, chain);
        assertNull(chain.passed, "never downgraded to anonymous");
        assertEquals(401, exchange.status);
        assertTrue(exchange.responseHeader("WWW-Authenticate").startsWith("Bearer realm=\"switchboard\""));
        assertEquals("application/json", exchange.contentType);
        JsonObject error = Json.createReader(new StringReader(exchange.responseBody())).readObject()
                .getJsonObject("error");
        assertEquals("UNAUTHENTICATED", error.getString("status"));
        JsonObject info = error.getJsonArray("details").getJsonObject(0);
        assertEquals("NO_SECRET", info.getString("reason"));
        assertEquals("switchboard", info.getString("domain"));
    }
}
