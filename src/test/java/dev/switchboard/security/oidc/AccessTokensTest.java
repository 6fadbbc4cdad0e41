package dev.switchboard.security.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.OidcSettings;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AccessTokensTest {
    private static final String AUDIENCE = "switchboard";
    private TestIssuer idp;
    private AccessTokens tokens;

    @BeforeEach
    void start() throws Exception {
        idp = new TestIssuer();
        tokens = AccessTokens.of(settings(Set.of(), Set.of(), Set.of()), Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        idp.close();
    }

    private OidcSettings settings(Set<String> scopes, Set<String> operatorRoles, Set<String> authenticatedRoles) {
        return new OidcSettings(URI.create(idp.issuer()), Set.of(AUDIENCE), scopes, true,
                OidcSettings.DEFAULT_ROLE_CLAIMS, operatorRoles, authenticatedRoles, Duration.ofSeconds(60), null);
    }

    private AuthenticationFailure refusal(AccessTokens verifier, String token) {
        return assertThrows(AuthenticationFailure.class, () -> verifier.apply(token));
    }

    private void assertInvalid(String token, String why) {
        AuthenticationFailure failure = refusal(tokens, token);
        assertEquals("INVALID_TOKEN", failure.reason(), why);
        assertEquals(401, failure.status(), why);
        assertEquals("The bearer token is not valid here", failure.getMessage(),
                "the client is not told which check failed: " + why);
    }

    @Test
    void aSignedTokenOfTheIssuerIsItsSubjectAtTheAuthenticatedTier() throws Exception {
        Caller alice = tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).build()));
        assertEquals(Caller.Kind.TOKEN, alice.kind());
        assertEquals(Tier.AUTHENTICATED, alice.tier());
        assertTrue(alice.owner().startsWith("oidc:"), alice.owner());
        assertEquals(alice.owner(), tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).build())).owner(),
                "one subject, one owner, token after token");
        assertNotEquals(alice.owner(), tokens.apply(idp.signRs256(idp.claims("bob", AUDIENCE).build())).owner());
        assertEquals(Tier.AUTHENTICATED, tokens.apply(TestIssuer.sign(idp.claims("carol", AUDIENCE).build(),
                JWSAlgorithm.ES256, idp.ec)).tier(), "ES256");
        assertEquals(Tier.AUTHENTICATED, tokens.apply(TestIssuer.sign(idp.claims("dave", AUDIENCE).build(),
                JWSAlgorithm.PS256, idp.rsa)).tier(), "PS256");
        assertEquals(1, idp.keyFetches(), "the JWK Set is fetched once and kept");
    }

    @Test
    void unsignedAndHmacTokensAreRefusedWhateverTheyClaim() throws Exception {
        JWTClaimsSet claims = idp.claims("mallory", AUDIENCE).build();
        assertInvalid(new PlainJWT(claims).serialize(), "alg none");
        SignedJWT hmac = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(), claims);
        // the classic confusion: the provider's public key, which anyone can read, as the HMAC secret
        hmac.sign(new MACSigner(idp.rsa.toPublicKey().getEncoded()));
        assertInvalid(hmac.serialize(), "HS256 with the public key");
        String[] parts = idp.signRs256(claims).split("\\.");
        assertInvalid(parts[0] + "." + parts[1] + ".", "a signed header with the signature stripped");
    }

    @Test
    void aTamperedTokenOrOneSignedByAnotherKeyIsRefused() throws Exception {
        String[] parts = idp.signRs256(idp.claims("alice", AUDIENCE).build()).split("\\.");
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(idp.claims("olivia", AUDIENCE)
                .claim("realm_access", Map.of("roles", List.of("switchboard-operator"))).build().toString()
                .getBytes(StandardCharsets.UTF_8));
        assertInvalid(parts[0] + "." + forged + "." + parts[2], "claims changed after signing");
        RSAKey other = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        assertInvalid(TestIssuer.sign(idp.claims("alice", AUDIENCE).build(), JWSAlgorithm.RS256, other),
                "another key under the issuer's key id");
        assertInvalid("not-a-jwt", "garbage");
        assertInvalid("a".repeat(AccessTokens.MAX_TOKEN_CHARS + 1), "oversized");
    }

    @Test
    void timeIsCheckedWithASmallSkew() throws Exception {
        long now = System.currentTimeMillis();
        AuthenticationFailure expired = refusal(tokens, idp.signRs256(idp.claims("alice", AUDIENCE)
                .expirationTime(new Date(now - 120_000)).build()));
        assertEquals("EXPIRED_TOKEN", expired.reason());
        assertEquals("The access token expired", expired.getMessage());
        tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).expirationTime(new Date(now - 30_000)).build()));
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).notBeforeTime(new Date(now + 120_000)).build()),
                "not yet valid");
        tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).notBeforeTime(new Date(now + 30_000)).build()));
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).issueTime(new Date(now + 120_000)).build()),
                "issued in the future");
        tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).issueTime(new Date(now + 30_000)).build()));
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).expirationTime(null).build()), "no expiry");
    }

    @Test
    void issuerAudienceAndSubjectMustBeThere() throws Exception {
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).issuer("https://evil.example").build()),
                "another issuer");
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).issuer(idp.issuer() + "/").build()),
                "the issuer must match exactly");
        assertInvalid(idp.signRs256(idp.claims("alice", "another-app").build()), "another audience");
        assertInvalid(idp.signRs256(idp.claims("alice", AUDIENCE).audience((String) null).build()), "no audience");
        assertInvalid(idp.signRs256(idp.claims(null, AUDIENCE).build()), "no subject");
        tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).audience(List.of("account", AUDIENCE)).build()));
    }

    @Test
    void anUnknownKeyIdFetchesTheKeysAgainButAFloodOfThemFetchesOnce() throws Exception {
        AccessTokens quick = AccessTokens.of(settings(Set.of(), Set.of(), Set.of()), Clock.systemUTC(),
                Duration.ofMillis(300));
        quick.apply(idp.signRs256(idp.claims("alice", AUDIENCE).build()));
        assertEquals(1, idp.keyFetches());
        RSAKey rotated = new RSAKeyGenerator(2048).keyID("rsa-2").generate();
        idp.publish(rotated);
        Thread.sleep(400);
        assertEquals(Tier.AUTHENTICATED, quick.apply(TestIssuer.sign(idp.claims("alice", AUDIENCE).build(),
                JWSAlgorithm.RS256, rotated)).tier(), "a rotated key is found by fetching the keys again");
        assertEquals(2, idp.keyFetches());

        tokens.apply(idp.signRs256(idp.claims("alice", AUDIENCE).build()));
        int before = idp.keyFetches();
        RSAKey stranger = new RSAKeyGenerator(2048).generate();
        for (int i = 0; i < 50; i++) {
            String token = TestIssuer.sign(idp.claims("mallory", AUDIENCE).build(), JWSAlgorithm.RS256,
                    new RSAKey.Builder(stranger).keyID("made-up-" + i).build());
            assertInvalid(token, "an unknown key id");
        }
        assertTrue(idp.keyFetches() - before <= 1, "50 unknown key ids fetched the keys "
                + (idp.keyFetches() - before) + " times");
    }

    @Test
    void aKeyUrlInTheTokenIsNeverFetched() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        HttpServer attacker = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        attacker.createContext("/", exchange -> {
            hits.incrementAndGet();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        attacker.start();
        try {
            RSAKey own = new RSAKeyGenerator(2048).keyID("own").generate();
            String base = "http://127.0.0.1:" + attacker.getAddress().getPort();
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("own")
                    .jwkURL(URI.create(base + "/jwks")).x509CertURL(URI.create(base + "/cert")).jwk(own.toPublicJWK())
                    .build(), idp.claims("mallory", AUDIENCE).build());
            jwt.sign(new RSASSASigner(own));
            assertInvalid(jwt.serialize(), "keys named or embedded by the token itself");
            assertEquals(0, hits.get(), "jku and x5u are never followed");
        } finally {
            attacker.stop(0);
        }
    }

    @Test
    void rolesMapToTiersAndMissingScopesAreForbidden() throws Exception {
        AccessTokens mapped = AccessTokens.of(settings(Set.of("agent:use"), Set.of("switchboard-operator"),
                Set.of("switchboard-user")), Clock.systemUTC());
        Caller olivia = mapped.apply(idp.signRs256(idp.claims("olivia", AUDIENCE).claim("scope", "openid agent:use")
                .claim("realm_access", Map.of("roles", List.of("offline_access", "switchboard-operator"))).build()));
        assertEquals(Tier.OPERATOR, olivia.tier());
        assertTrue(olivia.isOperator());
        assertNull(olivia.owner(), "the operator sees every task");
        assertEquals(Tier.AUTHENTICATED, mapped.apply(idp.signRs256(idp.claims("alice", AUDIENCE)
                .claim("scp", "agent:use").claim("groups", List.of("switchboard-user")).build())).tier(),
                "Entra ID's scp and groups");
        assertEquals(Tier.PUBLIC, mapped.apply(idp.signRs256(idp.claims("eve", AUDIENCE)
                .claim("scope", "agent:use").build())).tier(), "a valid token without a mapped role");
        AuthenticationFailure forbidden = refusal(mapped, idp.signRs256(idp.claims("alice", AUDIENCE)
                .claim("scope", "openid profile").claim("roles", List.of("switchboard-user")).build()));
        assertEquals(AuthenticationFailure.INSUFFICIENT_SCOPE, forbidden.reason());
        assertEquals(403, forbidden.status());
        assertEquals("agent:use", forbidden.scope());
    }

    @Test
    void anIssuerThatCannotBeReadOrNamesAnotherIssuerLeavesTokensUncheckedNotAccepted() throws Exception {
        idp.discoveryNames("https://elsewhere.example/realms/test");
        AuthenticationFailure unavailable = refusal(tokens, idp.signRs256(idp.claims("alice", AUDIENCE).build()));
        assertEquals(AuthenticationFailure.ISSUER_UNAVAILABLE, unavailable.reason());
        assertEquals(503, unavailable.status());
        refusal(tokens, idp.signRs256(idp.claims("alice", AUDIENCE).build()));
        assertEquals(1, idp.discoveryFetches(), "a failed discovery is not retried on every request");

        idp.discoveryNames(null);
        idp.serveKeysAs(new byte[IssuerFetch.MAX_BYTES + 1]);
        AccessTokens other = AccessTokens.of(settings(Set.of(), Set.of(), Set.of()), Clock.systemUTC());
        assertEquals(AuthenticationFailure.ISSUER_UNAVAILABLE, refusal(other,
                idp.signRs256(idp.claims("alice", AUDIENCE).build())).reason(), "an oversized JWK Set is not read");
    }
}
