package dev.switchboard.security.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.config.OidcSettings;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IntrospectionTest {
    private TestIssuer idp;

    @BeforeEach
    void start() throws Exception {
        idp = new TestIssuer();
    }

    @AfterEach
    void stop() {
        idp.close();
    }

    private AccessTokens tokens(String secret) {
        return AccessTokens.of(new OidcSettings(URI.create(idp.issuer()), Set.of("switchboard"), Set.of(), true,
                OidcSettings.DEFAULT_ROLE_CLAIMS, Set.of("switchboard-operator"), Set.of(), Duration.ofSeconds(5),
                new OidcSettings.IntrospectionClient(TestIssuer.INTROSPECTION_CLIENT, secret)), Clock.systemUTC());
    }

    private static String reason(AccessTokens tokens, String token) {
        return assertThrows(AuthenticationFailure.class, () -> tokens.apply(token)).reason();
    }

    @Test
    void anActiveOpaqueTokenIsItsSubjectAndItsAnswerIsKeptForLaterCalls() {
        AccessTokens tokens = tokens(TestIssuer.INTROSPECTION_SECRET);
        idp.issueOpaque("opaque-alice", idp.claims("alice", "switchboard").build());
        idp.issueOpaque("opaque-olivia", idp.claims("olivia", "switchboard")
                .claim("realm_access", Map.of("roles", List.of("switchboard-operator"))).build());
        Caller alice = tokens.apply("opaque-alice");
        assertEquals(Tier.AUTHENTICATED, alice.tier());
        assertEquals(alice.owner(), tokens.apply("opaque-alice").owner());
        assertEquals(1, idp.introspections(), "the answer is kept");
        assertEquals(Tier.OPERATOR, tokens.apply("opaque-olivia").tier());
        assertEquals(0, idp.keyFetches(), "opaque tokens need no keys");
    }

    @Test
    void anInactiveTokenOrAnActiveOneForAnotherAudienceIssuerOrTimeIsRefused() {
        AccessTokens tokens = tokens(TestIssuer.INTROSPECTION_SECRET);
        assertEquals("INVALID_TOKEN", reason(tokens, "unknown-opaque"));
        idp.issueOpaque("for-another", idp.claims("alice", "another-api").build());
        assertEquals("INVALID_TOKEN", reason(tokens, "for-another"));
        idp.issueOpaque("other-issuer", idp.claims("alice", "switchboard").issuer("https://elsewhere.example").build());
        assertEquals("INVALID_TOKEN", reason(tokens, "other-issuer"));
        idp.issueOpaque("expired", idp.claims("alice", "switchboard")
                .expirationTime(new Date(System.currentTimeMillis() - 60_000)).build());
        assertEquals("EXPIRED_TOKEN", reason(tokens, "expired"));
        idp.issueOpaque("no-subject", idp.claims(null, "switchboard").build());
        assertEquals("INVALID_TOKEN", reason(tokens, "no-subject"));
    }

    @Test
    void anEndpointThatRefusesThisServersClientLeavesTokensUncheckedNotAccepted() {
        idp.issueOpaque("opaque-alice", idp.claims("alice", "switchboard").build());
        assertEquals(AuthenticationFailure.ISSUER_UNAVAILABLE, reason(tokens("wrong-secret"), "opaque-alice"));
    }
}
