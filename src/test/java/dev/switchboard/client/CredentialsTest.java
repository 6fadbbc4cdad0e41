package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CredentialsTest {
    private static final URI CALL = URI.create("https://agent.example/a2a/jsonrpc");
    private static final CredentialScope HOME = new CredentialScope(CALL, Set.of());
    private static final Credentials.TokenFetch NO_FETCH = (url, headers, form) -> {
        throw new AssertionError("no token request expected");
    };

    private static CardScheme apiKey(String location, String name) {
        return new CardScheme("key", CardScheme.Type.API_KEY, null, location, name, null);
    }

    @Test
    void bearerTokenGoesInAuthorization() {
        var out = Credentials.builder().bearerToken("t0k3n").build().authorize(CALL, List.of(), HOME, NO_FETCH);
        assertEquals(Map.of("Authorization", "Bearer t0k3n"), out.headers());
        assertEquals(CALL, out.uri());
    }

    @Test
    void apiKeyGoesWhereTheCardSays() {
        Credentials key = Credentials.builder().apiKey("k1").build();
        assertEquals(Map.of("X-Gateway-Key", "k1"),
                key.authorize(CALL, List.of(apiKey("header", "X-Gateway-Key")), HOME, NO_FETCH).headers());
        var query = key.authorize(URI.create(CALL + "?a=b"), List.of(apiKey("query", "api key")), HOME, NO_FETCH);
        assertEquals("a=b&api+key=k1", query.uri().getRawQuery());
        assertTrue(query.headers().isEmpty());
        assertEquals(Map.of("Cookie", "session=k1"),
                key.authorize(CALL, List.of(apiKey("cookie", "session")), HOME, NO_FETCH).headers());
        assertEquals(Map.of("X-API-Key", "k1"), key.authorize(CALL, List.of(), HOME, NO_FETCH).headers());
    }

    @Test
    void basicAndExtraHeaders() {
        var out = Credentials.builder().basic("ann:s3cret:x").header("X-Trace: 42").header("X-Team", "blue").build()
                .authorize(CALL, List.of(), HOME, NO_FETCH);
        assertEquals("Basic " + Base64.getEncoder().encodeToString("ann:s3cret:x".getBytes(StandardCharsets.UTF_8)),
                out.headers().get("Authorization"));
        assertEquals("42", out.headers().get("X-Trace"));
        assertEquals("blue", out.headers().get("X-Team"));
        assertThrows(IllegalArgumentException.class, () -> Credentials.builder().basic("no-colon"));
        assertThrows(IllegalArgumentException.class, () -> Credentials.builder().header("bad"));
        assertThrows(IllegalArgumentException.class, () -> Credentials.builder().header("X-A", "1\r\nX-B: 2"));
    }

    @Test
    void secretsNeverAppearInTextForms() {
        Credentials credentials = Credentials.builder().bearerToken("t0k3n").apiKey("k3y").header("X-Secret", "h3ad")
                .oauthClientCredentials("id", "cl13nt", null, List.of()).build();
        String text = credentials + " " + credentials.describe(List.of(apiKey("query", "key")))
                + credentials.authorize(CALL, List.of(), HOME, NO_FETCH);
        for (String secret : List.of("t0k3n", "k3y", "h3ad", "cl13nt")) {
            assertFalse(text.contains(secret), text);
        }
        assertTrue(text.contains("API key in query 'key'"), text);
    }

    @Test
    void oauthClientCredentialsAreCachedAndRefreshedBeforeExpiry() {
        MovingClock clock = new MovingClock();
        List<String> requests = new ArrayList<>();
        Credentials.TokenFetch fetch = (url, headers, form) -> {
            requests.add(url + " " + headers.get("Authorization") + " " + form);
            return Json.createObjectBuilder().add("access_token", "tok-" + requests.size())
                    .add("token_type", "Bearer").add("expires_in", 300).build();
        };
        Credentials credentials = Credentials.builder().oauthClientCredentials(
                new OAuthClientCredentials("app", "pw", null, List.of("a2a"), clock)).build();
        List<CardScheme> card = List.of(new CardScheme("oauth", CardScheme.Type.OAUTH2, null, null, null,
                "https://agent.example/token"));
        assertEquals("Bearer tok-1", credentials.authorize(CALL, card, HOME, fetch).headers().get("Authorization"));
        clock.now = clock.now.plus(Duration.ofSeconds(200));
        assertEquals("Bearer tok-1", credentials.authorize(CALL, card, HOME, fetch).headers().get("Authorization"));
        // 30 s before expiry (a tenth of 300 s) a new token is fetched
        clock.now = clock.now.plus(Duration.ofSeconds(71));
        assertEquals("Bearer tok-2", credentials.authorize(CALL, card, HOME, fetch).headers().get("Authorization"));
        assertEquals(2, requests.size());
        assertEquals("https://agent.example/token Basic " + Base64.getEncoder().encodeToString("app:pw".getBytes())
                + " grant_type=client_credentials&scope=a2a", requests.get(0));
    }

    @Test
    void oauthWithoutATokenUrlFailsClearly() {
        Credentials credentials = Credentials.builder().oauthClientCredentials(
                new OAuthClientCredentials("app", "pw", null, List.of())).build();
        A2AClientException e = assertThrows(A2AClientException.class,
                () -> credentials.authorize(CALL, List.of(), HOME, NO_FETCH));
        assertTrue(e.getMessage().contains("token URL"));
        Credentials.TokenFetch noToken = (url, headers, form) -> Json.createObjectBuilder().add("error", "invalid_client").build();
        Credentials explicit = Credentials.builder().oauthClientCredentials(new OAuthClientCredentials("app", "pw",
                URI.create("https://idp/token"), List.of())).build();
        assertThrows(A2AClientException.class, () -> explicit.authorize(CALL, List.of(), HOME, noToken));
    }

    @Test
    void anOriginIsSchemeHostAndPortAndAllowedOnesJoinTheHome() {
        assertEquals("https://agent.example", CredentialScope.origin(URI.create("https://u:pw@Agent.Example:443/a?k=v")));
        assertEquals("http://agent.example:8080", CredentialScope.origin(URI.create("http://agent.example:8080/x")));
        Credentials credentials = Credentials.builder().oauthClientCredentials("app", "pw", null, List.of())
                .allowOrigin("https://idp.example/").build();
        CredentialScope scope = credentials.scope(CALL);
        assertTrue(scope.permits(URI.create("https://agent.example:443/other")));
        assertTrue(scope.permits(URI.create("https://idp.example/token")));
        assertFalse(scope.permits(URI.create("http://agent.example/a2a/jsonrpc")), "plain http is another origin");
        assertFalse(scope.permits(URI.create("https://agent.example:8443/a2a")));
        assertFalse(scope.permits(URI.create("https://agent.example.evil/a2a")));
        List<CardScheme> idp = List.of(new CardScheme("o", CardScheme.Type.OAUTH2, null, null, null,
                "https://idp.example/token"));
        assertEquals(URI.create("https://idp.example/token"), credentials.tokenUrl(idp, scope));
        A2AClientException refused = assertThrows(A2AClientException.class,
                () -> credentials.tokenUrl(idp, Credentials.none().scope(CALL)));
        assertTrue(refused.getMessage().contains("https://idp.example") && refused.getMessage().contains("token URL"),
                refused.getMessage());
        for (String bad : List.of("https://idp.example/path", "ftp://idp.example", "https://u@idp.example", "idp")) {
            assertThrows(IllegalArgumentException.class, () -> Credentials.builder().allowOrigin(bad), bad);
        }
    }

    @Test
    void aTokenIsCachedPerEndpointAndAudience() {
        List<String> fetched = new ArrayList<>();
        Credentials.TokenFetch fetch = (url, headers, form) -> {
            fetched.add(url.toString());
            return Json.createObjectBuilder().add("access_token", "tok-" + fetched.size()).add("expires_in", 300).build();
        };
        OAuthClientCredentials oauth = new OAuthClientCredentials("app", "pw", null, List.of());
        URI one = URI.create("https://one.example/token");
        assertEquals("tok-1", oauth.token(one, "https://one.example", fetch));
        assertEquals("tok-1", oauth.token(one, "https://one.example", fetch));
        assertEquals("tok-2", oauth.token(URI.create("https://two.example/token"), "https://one.example", fetch));
        assertEquals("tok-3", oauth.token(one, "https://other-agent.example", fetch));
        assertEquals(3, fetched.size());
    }

    @Test
    void cardSchemesOfBothLinesAreRead() {
        JsonObject v1 = Json.createReader(new java.io.StringReader("""
                {"securitySchemes":{
                  "b":{"httpAuthSecurityScheme":{"scheme":"Bearer"}},
                  "k":{"apiKeySecurityScheme":{"location":"query","name":"key"}},
                  "o":{"oauth2SecurityScheme":{"flows":{"clientCredentials":{"tokenUrl":"https://idp/t"}}}},
                  "m":{"mtlsSecurityScheme":{}}}}""")).readObject();
        List<CardScheme> schemes = CardReader.schemes(v1);
        assertEquals("bearer", schemes.get(0).httpScheme());
        assertEquals("query", schemes.get(1).location());
        assertEquals("key", schemes.get(1).paramName());
        assertEquals("https://idp/t", schemes.get(2).tokenUrl());
        assertEquals(CardScheme.Type.MUTUAL_TLS, schemes.get(3).type());
        JsonObject v03 = Json.createReader(new java.io.StringReader("""
                {"securitySchemes":{"k":{"type":"apiKey","in":"cookie","name":"sid"},
                 "h":{"type":"http","scheme":"basic"}}}""")).readObject();
        List<CardScheme> old = CardReader.schemes(v03);
        assertEquals("cookie", old.get(0).location());
        assertEquals("basic", old.get(1).httpScheme());
        assertNull(old.get(1).tokenUrl());
    }

    /** A clock the test moves. */
    static final class MovingClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void anAnonymousClientIsOneCallerForAsLongAsItsCredentialsLiveAndItsKeyStaysHome() {
        Credentials anonymous = Credentials.none();
        String key = anonymous.authorize(CALL, List.of(), HOME, NO_FETCH).headers().get("X-Switchboard-Caller-Key");
        assertNotNull(key);
        assertEquals(key, anonymous.authorize(CALL, List.of(), HOME, NO_FETCH).headers()
                .get("X-Switchboard-Caller-Key"), "the same key on every request");
        assertNotEquals(key, Credentials.none().authorize(CALL, List.of(), HOME, NO_FETCH).headers()
                .get("X-Switchboard-Caller-Key"), "another client is another caller");
        assertEquals("kept-elsewhere-0123456789", Credentials.builder().callerKey("kept-elsewhere-0123456789").build()
                .authorize(CALL, List.of(), HOME, NO_FETCH).headers().get("X-Switchboard-Caller-Key"));
        assertFalse(Credentials.builder().bearerToken("t0k3n").build().authorize(CALL, List.of(), HOME, NO_FETCH)
                .headers().containsKey("X-Switchboard-Caller-Key"), "a credential identifies its holder");
        assertFalse(anonymous.authorize(URI.create("https://elsewhere.example.net/a2a"), List.of(), HOME, NO_FETCH)
                .headers().containsKey("X-Switchboard-Caller-Key"), "another origin never learns the key");
        assertFalse(anonymous.describe(List.of()).contains(key), "the key is never shown");
    }
}
