package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The test realm gives the tokens the OIDC and OAuth tests rely on: audiences, roles, issuer,
 * lifetimes, and the endpoints a client discovers. Fails here, not in a dozen tests downstream,
 * when a Keycloak upgrade changes what the realm file means.
 */
class KeycloakRealmIT {
    private final Keycloak keycloak = Keycloak.shared();

    @Test
    void serviceTokensCarryTheAudienceAndTheRealmRoles() throws Exception {
        JWTClaimsSet user = claims(keycloak.clientCredentialsToken("switchboard-service", "switchboard-service-secret"));
        assertEquals(keycloak.issuer(), user.getIssuer());
        assertTrue(user.getAudience().contains(Keycloak.AUDIENCE), user.getAudience()::toString);
        assertTrue(roles(user).contains("switchboard-user"));
        assertFalse(roles(user).contains("switchboard-operator"));

        JWTClaimsSet ops = claims(keycloak.clientCredentialsToken("switchboard-ops", "switchboard-ops-secret"));
        assertTrue(roles(ops).contains("switchboard-operator"));

        JWTClaimsSet other = claims(keycloak.clientCredentialsToken("other-service", "other-service-secret"));
        assertFalse(other.getAudience().contains(Keycloak.AUDIENCE), "other-service's tokens are for another API");

        JWTClaimsSet shortLived = claims(keycloak.clientCredentialsToken("switchboard-short", "switchboard-short-secret"));
        long lifetime = shortLived.getExpirationTime().getTime() - shortLived.getIssueTime().getTime();
        assertTrue(lifetime <= 2_000, "switchboard-short's tokens live 2 s, not " + lifetime + " ms");
    }

    @Test
    void userTokensNameTheUserAndTheirRole() throws Exception {
        JWTClaimsSet alice = claims(keycloak.userToken("alice", "alice-password"));
        assertEquals("alice", alice.getStringClaim("preferred_username"));
        assertTrue(roles(alice).contains("switchboard-user"));
        JWTClaimsSet olivia = claims(keycloak.userToken("olivia", "olivia-password"));
        assertTrue(roles(olivia).contains("switchboard-operator"));
        assertTrue(alice.getAudience().contains(Keycloak.AUDIENCE));
    }

    @Test
    void discoveryAdvertisesTheEndpointsTheClientUses() throws Exception {
        var discovery = jakarta.json.Json.createReader(new java.io.StringReader(
                java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(keycloak.discovery()).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString()).body())).readObject();
        assertEquals(keycloak.issuer(), discovery.getString("issuer"));
        for (String endpoint : List.of("jwks_uri", "token_endpoint", "authorization_endpoint",
                "device_authorization_endpoint", "revocation_endpoint", "registration_endpoint")) {
            assertTrue(discovery.getString(endpoint).startsWith(keycloak.issuer()), endpoint);
        }
    }

    private static JWTClaimsSet claims(String token) throws Exception {
        return SignedJWT.parse(token).getJWTClaimsSet();
    }

    @SuppressWarnings("unchecked")
    private static List<String> roles(JWTClaimsSet claims) throws Exception {
        Map<String, Object> realmAccess = claims.getJSONObjectClaim("realm_access");
        return (List<String>) realmAccess.get("roles");
    }
}
