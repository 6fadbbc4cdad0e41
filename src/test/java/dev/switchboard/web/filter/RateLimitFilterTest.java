package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.security.Caller;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.RequestScope;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateLimitFilterTest {
    private static final Caller ANONYMOUS = new Caller(Caller.Kind.ANONYMOUS, "anon:one", Tier.PUBLIC, null);

    private static Exchange identified(Caller caller) {
        return identified(caller, "192.0.2.1");
    }

    private static Exchange identified(Caller caller, String address) {
        Exchange exchange = new Exchange("POST", "/a2a/rest/message:send");
        RequestScope.caller(exchange.request, caller);
        RequestScope.clientAddress(exchange.request, address);
        return exchange;
    }

    @Test
    void aCallerOverItsLimitIs429WithWhenToRetry() throws Exception {
        RateLimitFilter filter = new RateLimitFilter(new RateLimiter(new Limits(Duration.ofMinutes(1), 1, 5, 0),
                Clock.systemUTC()));
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(identified(ANONYMOUS).request, new Exchange("POST", "/").response, chain);
        assertNotNull(chain.passed, "the first request is within the limit");

        Exchange second = identified(ANONYMOUS);
        chain.passed = null;
        filter.doFilter(second.request, second.response, chain);
        assertNull(chain.passed);
        assertEquals(429, second.status);
        long retry = Long.parseLong(second.responseHeader("Retry-After"));
        assertEquals(true, retry >= 1 && retry <= 60, "retry in " + retry);
        JsonObject error = Json.createReader(new StringReader(second.responseBody())).readObject().getJsonObject("error");
        assertEquals("RESOURCE_EXHAUSTED", error.getString("status"));
        assertEquals("RATE_LIMITED", error.getJsonArray("details").getJsonObject(0).getString("reason"));

        chain.passed = null;
        Exchange renamed = identified(new Caller(Caller.Kind.ANONYMOUS, "anon:two", Tier.PUBLIC, null));
        filter.doFilter(renamed.request, renamed.response, chain);
        assertNull(chain.passed, "another caller key from the same address shares the address's window");

        Exchange elsewhere = identified(ANONYMOUS, "2001:db8:1:2::1");
        filter.doFilter(elsewhere.request, elsewhere.response, chain);
        assertNotNull(chain.passed, "another address has its own window");
        chain.passed = null;
        Exchange sameSlash64 = identified(ANONYMOUS, "2001:db8:1:2:ffff::9");
        filter.doFilter(sameSlash64.request, sameSlash64.response, chain);
        assertNull(chain.passed, "an IPv6 /64 is one block");
    }

    @Test
    void theDailyCeilingIsNamedAsSuchAndHoldsUpAnonymousCallersOnly() throws Exception {
        RateLimitFilter filter = new RateLimitFilter(new RateLimiter(new Limits(Duration.ofMinutes(1), 0, 0, 1),
                Clock.systemUTC()));
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(identified(ANONYMOUS).request, new Exchange("POST", "/").response, chain);
        Exchange operator = identified(Caller.OPERATOR);
        chain.passed = null;
        filter.doFilter(operator.request, operator.response, chain);
        assertNotNull(chain.passed, "the operator is not counted against the anonymous share");
        Exchange refused = identified(ANONYMOUS, "198.51.100.9");
        filter.doFilter(refused.request, refused.response, chain);
        assertEquals(429, refused.status);
        assertEquals("DAILY_CEILING", Json.createReader(new StringReader(refused.responseBody())).readObject()
                .getJsonObject("error").getJsonArray("details").getJsonObject(0).getString("reason"));
    }

    @Test
    void requestsWithoutACallerAreNotCounted() throws Exception {
        RateLimitFilter filter = new RateLimitFilter(new RateLimiter(new Limits(Duration.ofMinutes(1), 1, 1, 1),
                Clock.systemUTC()));
        for (int i = 0; i < 3; i++) {
            Exchange card = new Exchange("GET", "/.well-known/agent-card.json");
            Exchange.Chain chain = new Exchange.Chain();
            filter.doFilter(card.request, card.response, chain);
            assertNotNull(chain.passed, "discovery is never throttled");
        }
    }

    @Test
    void onTheJsonRpcEndpointTheRefusalIsAJsonRpcError() throws Exception {
        RateLimitFilter filter = new RateLimitFilter(new RateLimiter(new Limits(Duration.ofMinutes(1), 1, 5, 0),
                Clock.systemUTC()));
        for (int i = 0; i < 2; i++) {
            Exchange exchange = new Exchange("POST", "/a2a/jsonrpc");
            RequestScope.caller(exchange.request, ANONYMOUS);
            RequestScope.clientAddress(exchange.request, "192.0.2.77");
            filter.doFilter(exchange.request, exchange.response, new Exchange.Chain());
            if (i == 1) {
                assertEquals(429, exchange.status);
                JsonObject envelope = Json.createReader(new StringReader(exchange.responseBody())).readObject();
                assertEquals("2.0", envelope.getString("jsonrpc"));
                assertEquals(JsonValue.NULL, envelope.get("id"), "the request's id was never read");
                assertEquals(-32600, envelope.getJsonObject("error").getInt("code"));
                JsonObject info = envelope.getJsonObject("error").getJsonArray("data").getJsonObject(0);
                assertEquals("RATE_LIMITED", info.getString("reason"));
                assertEquals("switchboard", info.getString("domain"));
            }
        }
    }
}
