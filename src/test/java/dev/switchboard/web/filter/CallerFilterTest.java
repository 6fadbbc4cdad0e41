package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.Cidr;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.Caller;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.web.binding.RequestScope;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CallerFilterTest {
    private static final List<Cidr> PROXIES = List.of(Cidr.parse("10.0.0.0/24"), Cidr.parse("fd00::/8"));

    private final CallerFilter filter = filter(true);

    private static CallerFilter filter(boolean anonymousAccess) {
        return new CallerFilter(CallerIdentification.withKeys("operator-secret-token-0123456789",
                new ApiKeys(null, Set.of(), Clock.systemUTC()), anonymousAccess), PROXIES,
                new RateLimiter(Limits.perMinute(3, 0, 0), Clock.systemUTC()), false);
    }

    private static JsonObject error(Exchange exchange) {
        return Json.createReader(new StringReader(exchange.responseBody())).readObject().getJsonObject("error");
    }

    @Test
    void forwardedForIsBelievedOnlyFromTrustedProxiesAndComesOutInOneSpelling() {
        TrustedProxies proxies = new TrustedProxies(PROXIES);
        assertEquals("203.0.113.9", proxies.clientAddress("203.0.113.9", "198.51.100.1"),
                "a client cannot choose its address by writing the header");
        assertEquals("198.51.100.1", proxies.clientAddress("10.0.0.1", "198.51.100.1"));
        assertEquals("198.51.100.1", proxies.clientAddress("10.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2"),
                "the last hop that is not one of ours, not a spoofed first one");
        assertEquals("10.0.0.1", proxies.clientAddress("10.0.0.1", null));
        assertEquals("10.0.0.1", proxies.clientAddress("10.0.0.1", "10.0.0.2"));
        assertEquals("2001:db8:0:0:0:0:0:1", proxies.clientAddress("fd00:0:0:0:0:0:0:5", "2001:db8::1"),
                "a block of proxies, IPv6 in one spelling");
        assertEquals("0:0:0:0:0:0:0:1", proxies.clientAddress("::1", "198.51.100.1"), "::1 is not in the blocks");
        assertEquals("198.51.100.1", new TrustedProxies(List.of(Cidr.parse("::1"))).clientAddress(
                "0:0:0:0:0:0:0:1", "198.51.100.1"), "::1 and 0:0:0:0:0:0:0:1 are one address");
    }

    @Test
    void aCallerWithoutCredentialKeyOrCookieIsGivenACookieAndIsItsCaller() throws Exception {
        Exchange first = new Exchange("POST", "/a2a/jsonrpc");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(first.request, first.response, chain);
        Caller caller = RequestScope.caller(chain.passed);
        assertEquals(Caller.Kind.ANONYMOUS, caller.kind());
        assertTrue(caller.owner().startsWith("cookie:"), caller.owner());
        String setCookie = first.responseHeader("Set-Cookie");
        assertTrue(setCookie.startsWith("switchboard-caller="), setCookie);
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie);
        assertFalse(setCookie.contains("Secure"), "an http origin");
        assertEquals("192.0.2.1", RequestScope.clientAddress(chain.passed));

        String value = setCookie.substring("switchboard-caller=".length(), setCookie.indexOf(';'));
        Exchange again = new Exchange("POST", "/a2a/jsonrpc").header("Cookie", "switchboard-caller=" + value);
        Exchange.Chain next = new Exchange.Chain();
        filter.doFilter(again.request, again.response, next);
        assertEquals(caller.owner(), RequestScope.caller(next.passed).owner(), "the cookie is the same caller");
        assertNull(again.responseHeader("Set-Cookie"));

        Exchange neighbour = new Exchange("POST", "/a2a/jsonrpc");
        filter.doFilter(neighbour.request, neighbour.response, next);
        assertNotEquals(caller.owner(), RequestScope.caller(next.passed).owner(),
                "another client behind the same address is another caller");
    }

    @Test
    void cookiesAreSecureForAnHttpsOriginAndNotMintedWhereAnonymousCallersAreNotLetIn() throws Exception {
        CallerFilter secure = new CallerFilter(CallerIdentification.withKeys(null,
                new ApiKeys(null, Set.of(), Clock.systemUTC()), true), PROXIES,
                new RateLimiter(Limits.perMinute(3, 0, 0), Clock.systemUTC()), true);
        Exchange exchange = new Exchange("POST", "/a2a/jsonrpc");
        secure.doFilter(exchange.request, exchange.response, new Exchange.Chain());
        assertTrue(exchange.responseHeader("Set-Cookie").contains("; Secure"));

        Exchange closed = new Exchange("POST", "/a2a/jsonrpc");
        filter(false).doFilter(closed.request, closed.response, new Exchange.Chain());
        assertEquals(401, closed.status);
        assertNull(closed.responseHeader("Set-Cookie"));
    }

    @Test
    void discoveryIsNotAnOperationAndPassesUnidentified() throws Exception {
        Exchange exchange = new Exchange("GET", "/.well-known/agent-card.json").header("Authorization", "Bearer bogus");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(exchange.request, exchange.response, chain);
        assertNotNull(chain.passed, "a bad credential does not keep anyone from the card");
        assertNull(RequestScope.callerIfIdentified(chain.passed));
        assertNull(exchange.responseHeader("Set-Cookie"));
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
        JsonObject error = error(exchange);
        assertEquals("UNAUTHENTICATED", error.getString("status"));
        JsonObject info = error.getJsonArray("details").getJsonObject(0);
        assertEquals("NO_SECRET", info.getString("reason"));
        assertEquals("switchboard", info.getString("domain"));
    }

    @Test
    void theChallengeNamesAnErrorOnlyWhenATokenWasPresentedAndRefused() throws Exception {
        Exchange missing = new Exchange("POST", "/a2a/rest/message:send");
        filter(false).doFilter(missing.request, missing.response, new Exchange.Chain());
        assertEquals(401, missing.status);
        assertEquals("Bearer realm=\"switchboard\"", missing.responseHeader("WWW-Authenticate"),
                "RFC 6750 3.1: no error code for a request without credentials");
        assertEquals("CREDENTIAL_REQUIRED", error(missing).getJsonArray("details").getJsonObject(0).getString("reason"));

        Exchange basic = new Exchange("POST", "/a2a/rest/message:send").header("Authorization", "Basic dXNlcjpwYXNz");
        filter(false).doFilter(basic.request, basic.response, new Exchange.Chain());
        assertEquals(401, basic.status);
        assertEquals("Bearer realm=\"switchboard\"", basic.responseHeader("WWW-Authenticate"),
                "nor for one in a scheme the server does not take");

        Exchange refused = new Exchange("POST", "/a2a/jsonrpc").header("Authorization", "Bearer not-the-token");
        filter(false).doFilter(refused.request, refused.response, new Exchange.Chain());
        assertEquals(401, refused.status);
        assertEquals("Bearer realm=\"switchboard\", error=\"invalid_token\", error_description=\"The bearer token is"
                + " not valid here\"", refused.responseHeader("WWW-Authenticate"));
    }

    @Test
    void aTokenWithoutARequiredScopeIsForbiddenWithTheScopeNeededAndIsNoGuess() throws Exception {
        CallerIdentification scoped = new CallerIdentification(null, key -> null, false, token -> {
            throw AuthenticationFailure.insufficientScope("agent:use");
        });
        CallerFilter filter = new CallerFilter(scoped, List.of(), new RateLimiter(Limits.perMinute(1, 0, 0),
                Clock.systemUTC()), false);
        for (int i = 0; i < 3; i++) {
            Exchange exchange = new Exchange("POST", "/a2a/jsonrpc").header("Authorization", "Bearer eyJ.valid.token");
            filter.doFilter(exchange.request, exchange.response, new Exchange.Chain());
            assertEquals(403, exchange.status, "a valid token is never throttled as a guess");
            assertEquals("Bearer realm=\"switchboard\", error=\"insufficient_scope\", error_description=\"The access"
                    + " token lacks a scope this agent requires: agent:use\", scope=\"agent:use\"",
                    exchange.responseHeader("WWW-Authenticate"));
        }
        Exchange grpc = new Exchange("POST", "/lf.a2a.v1.A2AService/GetTask")
                .header("Content-Type", "application/grpc").header("Authorization", "Bearer eyJ.valid.token");
        filter.doFilter(grpc.request, grpc.response, new Exchange.Chain());
        assertEquals("7", grpc.trailers.get().get("grpc-status"), "PERMISSION_DENIED over gRPC");
    }

    @Test
    void aGrpcCallIsRefusedInGrpcsFormWithItsReasonInTheDetails() throws Exception {
        Exchange exchange = new Exchange("POST", "/lf.a2a.v1.A2AService/GetTask")
                .header("Content-Type", "application/grpc").header("Authorization", "Bearer sbk_nope");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(exchange.request, exchange.response, chain);
        assertNull(chain.passed, "a gRPC path is an operation: its caller is identified");
        assertEquals(200, exchange.status, "gRPC carries its status in the trailers of a 200");
        assertEquals("application/grpc", exchange.contentType);
        java.util.Map<String, String> trailers = exchange.trailers.get();
        assertEquals("16", trailers.get("grpc-status"), "UNAUTHENTICATED");
        com.google.rpc.Status status = com.google.rpc.Status.parseFrom(java.util.Base64.getDecoder().decode(
                trailers.get("grpc-status-details-bin")));
        assertEquals(16, status.getCode());
        com.google.rpc.ErrorInfo info = status.getDetails(0).unpack(com.google.rpc.ErrorInfo.class);
        assertEquals("NO_SECRET", info.getReason());
        assertEquals("switchboard", info.getDomain());
        assertEquals("", exchange.responseBody(), "no JSON body, which a gRPC client would read as a message");
    }

    @Test
    void anAddressThatKeepsGuessingIsTurnedAwayBeforeAnythingIsChecked() throws Exception {
        for (int i = 0; i < 3; i++) {
            Exchange guess = new Exchange("POST", "/a2a/jsonrpc").header("Authorization", "Bearer guess-" + i);
            filter.doFilter(guess.request, guess.response, new Exchange.Chain());
            assertEquals(401, guess.status);
        }
        Exchange fourth = new Exchange("POST", "/a2a/jsonrpc")
                .header("Authorization", "Bearer operator-secret-token-0123456789");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(fourth.request, fourth.response, chain);
        assertNull(chain.passed, "not even the right token is looked at while the address waits");
        assertEquals(429, fourth.status);
        assertTrue(Long.parseLong(fourth.responseHeader("Retry-After")) >= 1);
        JsonObject envelope = Json.createReader(new StringReader(fourth.responseBody())).readObject();
        assertEquals("2.0", envelope.getString("jsonrpc"), "the JSON-RPC endpoint answers a JSON-RPC error");
        assertEquals("TOO_MANY_FAILED_CREDENTIALS", envelope.getJsonObject("error").getJsonArray("data")
                .getJsonObject(0).getString("reason"));
        Exchange rest = new Exchange("GET", "/a2a/rest/tasks/t").header("Authorization", "Bearer guess");
        filter.doFilter(rest.request, rest.response, new Exchange.Chain());
        assertEquals("TOO_MANY_FAILED_CREDENTIALS", error(rest).getJsonArray("details").getJsonObject(0)
                .getString("reason"), "a google.rpc.Status elsewhere");

        Exchange elsewhere = new Exchange("POST", "/a2a/jsonrpc")
                .header("Authorization", "Bearer operator-secret-token-0123456789");
        elsewhere.remoteAddr = "198.51.100.7";
        filter.doFilter(elsewhere.request, elsewhere.response, chain);
        assertTrue(RequestScope.caller(chain.passed).isOperator(), "other addresses are not held up");
    }

    @Test
    void requestsWithoutACredentialAreRefusedButNotCountedAsGuesses() throws Exception {
        CallerFilter closed = filter(false);
        for (int i = 0; i < 5; i++) {
            Exchange missing = new Exchange("POST", "/a2a/rest/message:send");
            closed.doFilter(missing.request, missing.response, new Exchange.Chain());
            assertEquals(401, missing.status, "attempt " + i);
            Exchange basic = new Exchange("POST", "/a2a/rest/message:send").header("Authorization", "Basic dXNlcg==");
            closed.doFilter(basic.request, basic.response, new Exchange.Chain());
            assertEquals(401, basic.status, "attempt " + i);
        }
        Exchange operator = new Exchange("POST", "/a2a/jsonrpc")
                .header("Authorization", "Bearer operator-secret-token-0123456789");
        Exchange.Chain chain = new Exchange.Chain();
        closed.doFilter(operator.request, operator.response, chain);
        assertTrue(RequestScope.caller(chain.passed).isOperator(), "ten refusals without a guess held nothing up");
    }

    @Test
    void aTokenPresentedForMetricsIsCheckedAndThrottledAsForAnOperation() throws Exception {
        Exchange plain = new Exchange("GET", "/metrics");
        Exchange.Chain passed = new Exchange.Chain();
        filter.doFilter(plain.request, plain.response, passed);
        assertNull(RequestScope.callerIfIdentified(passed.passed), "no credential: passed on, unidentified");
        assertNull(plain.responseHeader("Set-Cookie"), "no caller cookie for a document");

        Exchange operator = new Exchange("GET", "/metrics")
                .header("Authorization", "Bearer operator-secret-token-0123456789");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(operator.request, operator.response, chain);
        assertTrue(RequestScope.caller(chain.passed).isOperator());

        for (int i = 0; i < 3; i++) {
            Exchange guess = new Exchange("GET", "/metrics").header("Authorization", "Bearer guess-" + i);
            filter.doFilter(guess.request, guess.response, new Exchange.Chain());
            assertEquals(401, guess.status);
        }
        Exchange fourth = new Exchange("GET", "/metrics")
                .header("Authorization", "Bearer operator-secret-token-0123456789");
        filter.doFilter(fourth.request, fourth.response, new Exchange.Chain());
        assertEquals(429, fourth.status, "guesses at the operator token through /metrics count like any others");
    }
}
