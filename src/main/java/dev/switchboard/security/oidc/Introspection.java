package dev.switchboard.security.oidc;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.switchboard.config.OidcSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opaque access tokens, asked about at the issuer's introspection endpoint (RFC 7662) as this
 * server's own client. An active token's answer is its claims, which are then checked like a
 * JWT's (issuer, audience, time, subject). An active answer is kept for a minute at most, and
 * never past the token's expiry, keyed by the token's digest, so a busy caller does not cost the
 * provider a request per call; an inactive one is not kept (the refused-credentials limit bounds
 * how often one address can make the server ask).
 */
final class Introspection {
    static final Duration KEEP = Duration.ofMinutes(1);
    static final int MAX_KEPT = 10_000;

    private final IssuerKeys issuer;
    private final IssuerFetch fetch;
    private final OidcSettings.IntrospectionClient client;
    private final Clock clock;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    private record Kept(JWTClaimsSet claims, Instant until) {
    }

    /** Why a token is not active: the provider says so, or its answer is not one. */
    static final class Inactive extends Exception {
        Inactive(String message) {
            super(message, null, false, false);
        }
    }

    Introspection(IssuerKeys issuer, IssuerFetch fetch, OidcSettings.IntrospectionClient client, Clock clock) {
        this.issuer = issuer;
        this.fetch = fetch;
        this.client = client;
        this.clock = clock;
    }

    /**
     * The claims of an active token.
     *
     * @throws Inactive           when the provider says the token is not active
     * @throws KeySourceException when the provider cannot be asked
     */
    JWTClaimsSet claims(String token) throws Inactive, KeySourceException {
        String key = digest(token);
        Instant now = clock.instant();
        Kept known = kept.get(key);
        if (known != null && now.isBefore(known.until())) {
            return known.claims();
        }
        String answer;
        try {
            answer = fetch.post(issuer.introspectionEndpoint(), Map.of("token", token,
                    "token_type_hint", "access_token"), client.clientId(), client.secret()).getContent();
        } catch (IOException e) {
            throw new KeySourceException("The issuer's introspection endpoint cannot be asked: " + e.getMessage(), e);
        }
        JWTClaimsSet claims;
        try {
            claims = JWTClaimsSet.parse(answer);
        } catch (ParseException e) {
            throw new Inactive("the introspection answer is not a claims object");
        }
        if (!Boolean.TRUE.equals(claims.getClaim("active"))) {
            throw new Inactive("not active");
        }
        Instant until = now.plus(KEEP);
        if (claims.getExpirationTime() != null && claims.getExpirationTime().toInstant().isBefore(until)) {
            until = claims.getExpirationTime().toInstant();
        }
        if (kept.size() >= MAX_KEPT) {
            kept.clear();
        }
        kept.put(key, new Kept(claims, until));
        return claims;
    }

    /** Whether a token has a JWT's shape (three dot-separated parts); any other is opaque. */
    static boolean isOpaque(String token) {
        return token.chars().filter(c -> c == '.').count() != 2;
    }

    private static String digest(String token) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
