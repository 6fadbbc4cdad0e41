package dev.switchboard.client;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * OAuth 2 client credentials grant (RFC 6749 §4.4): the client authenticates to the token endpoint
 * with HTTP Basic, and each access token is cached until shortly before it expires (a tenth of its
 * lifetime, at least 5 s and at most 60 s early), so a request never goes out with a token about to
 * lapse. Tokens are kept per token endpoint and per agent origin (the audience): one endpoint's
 * token never goes to an agent it was not fetched for. Thread-safe. The secret and tokens never
 * appear in {@link #toString()}.
 */
final class OAuthClientCredentials {
    private static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(5);
    /** Enough for every agent a process talks to; the least recently used token goes first. */
    private static final int MAX_CACHED = 64;

    /** One cached token and when to fetch the next. */
    private record Cached(String token, Instant refreshAt) {
        @Override
        public String toString() {
            return "Cached[refreshAt=" + refreshAt + "]";
        }
    }

    private final String clientId;
    private final String clientSecret;
    private final URI tokenUrl;
    private final List<String> scopes;
    private final Clock clock;
    private final Map<String, Cached> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > MAX_CACHED;
        }
    };

    /**
     * @param tokenUrl null to use the token URL of the card's OAuth 2 scheme
     */
    OAuthClientCredentials(String clientId, String clientSecret, URI tokenUrl, List<String> scopes, Clock clock) {
        this.clientId = Objects.requireNonNull(clientId, "clientId");
        this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
        this.tokenUrl = tokenUrl;
        this.scopes = scopes == null ? List.of() : List.copyOf(scopes);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    OAuthClientCredentials(String clientId, String clientSecret, URI tokenUrl, List<String> scopes) {
        this(clientId, clientSecret, tokenUrl, scopes, Clock.systemUTC());
    }

    /** The token URL the caller gave, or null to take the card's. */
    URI tokenUrl() {
        return tokenUrl;
    }

    /**
     * A valid access token for calls to the agent at {@code audience}, fetched anew when none is
     * cached for this endpoint and audience or the cached one is about to expire.
     */
    synchronized String token(URI endpoint, String audience, Credentials.TokenFetch fetch) {
        Instant now = clock.instant();
        String key = endpoint + " " + audience;
        Cached cached = cache.get(key);
        if (cached != null && now.isBefore(cached.refreshAt())) {
            return cached.token();
        }
        String basic = Base64.getEncoder().encodeToString((form(clientId) + ":" + form(clientSecret))
                .getBytes(StandardCharsets.UTF_8));
        String body = "grant_type=client_credentials" + (scopes.isEmpty() ? "" : "&scope=" + form(String.join(" ", scopes)));
        JsonObject answer = fetch.post(endpoint, Map.of("Authorization", "Basic " + basic,
                "Content-Type", "application/x-www-form-urlencoded", "Accept", "application/json"), body);
        if (!(answer.get("access_token") instanceof jakarta.json.JsonString accessToken)) {
            throw new A2AClientException("the OAuth token endpoint answered without an access_token"
                    + (answer.containsKey("error") ? ": " + answer.get("error") : ""));
        }
        Duration lifetime = answer.get("expires_in") instanceof JsonNumber seconds
                ? Duration.ofSeconds(seconds.longValue()) : DEFAULT_LIFETIME;
        long marginSeconds = Math.max(5, Math.min(60, lifetime.toSeconds() / 10));
        cache.put(key, new Cached(accessToken.getString(), now.plus(lifetime).minusSeconds(marginSeconds)));
        return accessToken.getString();
    }

    private static String form(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "OAuthClientCredentials[clientId=" + clientId + ", tokenUrl=" + tokenUrl + "]";
    }
}
