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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * OAuth 2 client credentials grant (RFC 6749 §4.4): the client authenticates to the token endpoint
 * with HTTP Basic, and the access token is cached until shortly before it expires (a tenth of its
 * lifetime, at least 5 s and at most 60 s early), so a request never goes out with a token about to
 * lapse. Thread-safe. The secret and tokens never appear in {@link #toString()}.
 */
final class OAuthClientCredentials {
    private static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(5);

    private final String clientId;
    private final String clientSecret;
    private final URI tokenUrl;
    private final List<String> scopes;
    private final Clock clock;
    private String token;
    private Instant refreshAt = Instant.MIN;

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

    Optional<String> tokenUrl() {
        return Optional.ofNullable(tokenUrl).map(URI::toString);
    }

    /** A valid access token, fetched anew when none is cached or the cached one is about to expire. */
    synchronized String token(URI endpoint, Credentials.TokenFetch fetch) {
        Instant now = clock.instant();
        if (token != null && now.isBefore(refreshAt)) {
            return token;
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
        token = accessToken.getString();
        refreshAt = now.plus(lifetime).minusSeconds(marginSeconds);
        return token;
    }

    private static String form(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "OAuthClientCredentials[clientId=" + clientId + ", tokenUrl=" + tokenUrl + "]";
    }
}
