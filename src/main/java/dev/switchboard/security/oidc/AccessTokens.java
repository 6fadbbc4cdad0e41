package dev.switchboard.security.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.proc.ExpiredJWTException;
import dev.switchboard.config.OidcSettings;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.CallerIdentification;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Verifies an OpenID Connect provider's JWT access tokens into callers: signed with one of the
 * issuer's keys by RS256, ES256 or PS256 (and their longer variants), never unsigned and never by
 * HMAC, whatever the token's header says; within its {@code exp}, {@code nbf} and {@code iat} give
 * or take the clock skew; issued by the configured issuer for one of the configured audiences,
 * with a subject. An opaque token, when introspection is configured, is asked about at the
 * issuer (see {@link Introspection}) and its claims checked alike. The caller is the issuer's
 * subject, its tier mapped from the token's roles.
 * A refusal tells the client only that the token is invalid or expired; which check failed is
 * logged at FINE, without the token.
 */
public final class AccessTokens implements Function<String, Caller> {
    private static final Logger LOG = Logger.getLogger(AccessTokens.class.getName());
    /** Asymmetric signatures only: a public key must never be usable as an HMAC secret. */
    static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256, JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);
    /** Longer than any JWT access token a provider issues; longer ones are refused before parsing. */
    static final int MAX_TOKEN_CHARS = 16 * 1024;

    private final String issuer;
    private final ClaimRoles roles;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final Clock clock;
    private final Duration skew;
    private final DefaultJWTClaimsVerifier<SecurityContext> claimsVerifier;
    private final Introspection introspection;
    private volatile Instant lastWarning;

    private AccessTokens(OidcSettings settings, IssuerKeys keys, Introspection introspection, Clock clock) {
        this.introspection = introspection;
        this.issuer = settings.issuer().toString();
        this.roles = new ClaimRoles(settings);
        this.clock = clock;
        this.skew = settings.clockSkew();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        // "JWT" (Keycloak, Entra ID), "at+jwt" (RFC 9068) or none
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
                new JOSEObjectType("at+jwt"), new JOSEObjectType("application/at+jwt"), null));
        claimsVerifier = new DefaultJWTClaimsVerifier<>(settings.audiences(),
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("sub", "exp"), null) {
            @Override
            protected Date currentTime() {
                return Date.from(clock.instant());
            }
        };
        claimsVerifier.setMaxClockSkew((int) skew.toSeconds());
        processor.setJWTClaimsSetVerifier(claimsVerifier);
    }

    /** Tokens of the configured provider, its keys fetched from the issuer's own metadata. */
    public static AccessTokens of(OidcSettings settings, Clock clock) {
        return of(settings, clock, IssuerKeys.MIN_REFRESH);
    }

    /** @param minRefresh the least time between two fetches of the JWK Set for unknown key ids */
    static AccessTokens of(OidcSettings settings, Clock clock, Duration minRefresh) {
        IssuerFetch fetch = new IssuerFetch(settings.allowHttp());
        IssuerKeys keys = new IssuerKeys(settings.issuer(), settings.discoveryUrl(), fetch, clock, minRefresh);
        return new AccessTokens(settings, keys, settings.introspection() == null ? null
                : new Introspection(keys, fetch, settings.introspection(), clock), clock);
    }

    /** @throws AuthenticationFailure when the token is refused, or lacks a required scope */
    @Override
    public Caller apply(String token) {
        JWTClaimsSet claims = verified(token);
        String missing = roles.missingScopes(claims);
        if (!missing.isEmpty()) {
            throw AuthenticationFailure.insufficientScope(missing);
        }
        return CallerIdentification.tokenHolder(issuer, claims.getSubject(), roles.tier(claims));
    }

    private JWTClaimsSet verified(String token) {
        if (token.length() > MAX_TOKEN_CHARS) {
            throw refused("longer than " + MAX_TOKEN_CHARS + " characters");
        }
        try {
            JWTClaimsSet claims;
            if (introspection != null && Introspection.isOpaque(token)) {
                claims = introspection.claims(token);
                claimsVerifier.verify(claims, null);
            } else {
                claims = processor.process(token, null);
            }
            if (claims.getIssueTime() != null && claims.getIssueTime().toInstant().isAfter(clock.instant().plus(skew))) {
                throw refused("issued in the future");
            }
            return claims;
        } catch (ExpiredJWTException e) {
            throw new AuthenticationFailure("EXPIRED_TOKEN", "The access token expired");
        } catch (RateLimitReachedException e) {
            // an unknown key id while the JWK Set was just fetched: no key for it
            throw refused("no key for its key id");
        } catch (KeySourceException e) {
            unreachable(e);
            throw new AuthenticationFailure(AuthenticationFailure.ISSUER_UNAVAILABLE,
                    "The access token cannot be checked now: its issuer cannot be reached; retry later");
        } catch (Introspection.Inactive | ParseException | BadJOSEException | JOSEException e) {
            throw refused(e.getMessage());
        }
    }

    /** A warning while the issuer cannot be reached, at most one per {@link IssuerKeys#RETRY}, not one per request. */
    private void unreachable(KeySourceException e) {
        Instant now = clock.instant();
        Instant last = lastWarning;
        boolean warn = last == null || !now.isBefore(last.plus(IssuerKeys.RETRY));
        if (warn) {
            lastWarning = now;
        }
        LOG.log(warn ? Level.WARNING : Level.FINE, "The OpenID Connect issuer cannot be asked about a token: {0}",
                e.getMessage());
    }

    private static AuthenticationFailure refused(String why) {
        LOG.log(Level.FINE, "Access token refused: {0}", why);
        return new AuthenticationFailure("INVALID_TOKEN", "The bearer token is not valid here");
    }
}
