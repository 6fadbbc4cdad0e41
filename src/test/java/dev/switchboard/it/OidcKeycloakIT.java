package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.switchboard.security.oidc.TestIssuer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server accepts a real Keycloak's access tokens: the realm's roles become tiers (the user
 * role the authenticated tier, the operator role the operator), which gate the tiered skills and
 * the extended card on both bindings; a user is one caller whatever token it presents. Expired
 * tokens, tokens for another audience, from another issuer, tampered with or unsigned are refused
 * 401 with an RFC 6750 challenge that does not say which check failed. One server for the class,
 * started with the Keycloak realm as its issuer.
 */
class OidcKeycloakIT {
    private static final String USER_ROLE = "switchboard-user";
    private static final String OPERATOR_ROLE = "switchboard-operator";
    @TempDir
    static Path temp;
    private static Keycloak keycloak;
    private static ServerProcess server;
    private static Http http;

    @BeforeAll
    static void startServer() throws Exception {
        keycloak = Keycloak.shared();
        server = ServerProcess.launch(temp.resolve("base"), temp.resolve("data"), Deployments.builtWar(), Map.of(
                "switchboard.oidc.issuer", keycloak.issuer(),
                "switchboard.oidc.audience", Keycloak.AUDIENCE,
                "switchboard.oidc.allow.http", "true",
                "switchboard.oidc.operator.roles", OPERATOR_ROLE,
                "switchboard.oidc.authenticated.roles", USER_ROLE,
                "switchboard.oidc.clock.skew.seconds", "1"));
        server.start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stopServer() throws InterruptedException {
        if (server != null) {
            server.close();
        }
    }

    private static String service() {
        return keycloak.clientCredentialsToken("switchboard-service", "switchboard-service-secret");
    }

    private static String ops() {
        return keycloak.clientCredentialsToken("switchboard-ops", "switchboard-ops-secret");
    }

    private static JsonObject rpc(String token, String method, JsonObject params) {
        return Http.json(rpcResponse(token, method, params));
    }

    private static HttpResponse<String> rpcResponse(String token, String method, JsonObject params) {
        return http.send(http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .header("A2A-Version", "1.0").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params))).build());
    }

    private static HttpResponse<String> rest(String token, String method, String path, String body) {
        return http.send(http.request("/a2a/rest" + path).header("Content-Type", "application/json")
                .header("A2A-Version", "1.0").header("Authorization", "Bearer " + token)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static JsonObject send(String skill) {
        return Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", UUID.randomUUID().toString()).add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", "who am I?")))
                .add("metadata", Json.createObjectBuilder().add("skill", skill))).build();
    }

    /** What the tiered skill said over JSON-RPC, or "refused" (UnsupportedOperation, as for any caller short of it). */
    private static String run(String token, String skill) {
        JsonObject response = rpc(token, "SendMessage", send(skill));
        if (response.containsKey("error")) {
            assertEquals(-32004, response.getJsonObject("error").getInt("code"), response.toString());
            return "refused";
        }
        JsonObject task = response.getJsonObject("result").getJsonObject("task");
        return task.getJsonObject("status").getJsonObject("message").getJsonArray("parts").getJsonObject(0)
                .getString("text");
    }

    private static Set<String> extendedCardSkills(String token) {
        HttpResponse<String> card = rest(token, "GET", "/extendedAgentCard", null);
        assertEquals(200, card.statusCode(), card.body());
        return Http.json(card).getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .map(skill -> skill.getString("id")).filter(Set.of("key-holders", "operator")::contains)
                .collect(Collectors.toSet());
    }

    /** Asserts a 401 invalid_token on both bindings, telling nothing of which check failed. */
    private static void assertRefused(String token, String why) {
        HttpResponse<String> overRest = rest(token, "POST", "/message:send", send("key-holders").toString());
        assertEquals(401, overRest.statusCode(), why + ": " + overRest.body());
        String challenge = overRest.headers().firstValue("WWW-Authenticate").orElse("");
        assertTrue(challenge.startsWith("Bearer realm=\"switchboard\", error=\"invalid_token\""), why + ": " + challenge);
        JsonObject detail = Http.json(overRest).getJsonObject("error").getJsonArray("details").getJsonObject(0);
        assertTrue(Set.of("INVALID_TOKEN", "EXPIRED_TOKEN").contains(detail.getString("reason")), why + ": " + detail);

        HttpResponse<String> overRpc = rpcResponse(token, "SendMessage", send("key-holders"));
        assertEquals(401, overRpc.statusCode(), why + " over JSON-RPC: " + overRpc.body());
        assertEquals(challenge, overRpc.headers().firstValue("WWW-Authenticate").orElse(""), why);
        JsonObject error = Http.json(overRpc).getJsonObject("error");
        assertEquals(-32600, error.getInt("code"), why);
        assertEquals(detail.getString("reason"), error.getJsonArray("data").getJsonObject(0).getString("reason"), why);
    }

    @Test
    void theRealmsRolesAreTiersThatGateSkillsAndTheExtendedCard() {
        String service = service();
        assertEquals("key-holders ran for TOKEN AUTHENTICATED in 1.0 tenant null", run(service, "key-holders"));
        assertEquals("refused", run(service, "operator"));
        assertEquals(Set.of("key-holders"), extendedCardSkills(service));

        String ops = ops();
        assertEquals("operator ran for OPERATOR OPERATOR in 1.0 tenant null", run(ops, "operator"));
        assertEquals(Set.of("key-holders", "operator"), extendedCardSkills(ops));

        assertEquals("key-holders ran for TOKEN AUTHENTICATED in 1.0 tenant null",
                run(keycloak.userToken("alice", "alice-password"), "key-holders"), "a user's token");
        assertEquals("operator ran for OPERATOR OPERATOR in 1.0 tenant null",
                run(keycloak.userToken("olivia", "olivia-password"), "operator"));
    }

    @Test
    void aUserIsOneCallerWhateverTokenItPresentsAndNoOtherCallerSeesItsTasks() {
        String first = keycloak.userToken("alice", "alice-password");
        String taskId = rpc(first, "SendMessage", send("key-holders")).getJsonObject("result").getJsonObject("task")
                .getString("id");
        String second = keycloak.userToken("alice", "alice-password");
        assertFalse(first.equals(second));
        JsonObject found = rpc(second, "GetTask", Json.createObjectBuilder().add("id", taskId).build());
        assertEquals(taskId, found.getJsonObject("result").getString("id"), found.toString());
        JsonObject other = rpc(service(), "GetTask", Json.createObjectBuilder().add("id", taskId).build());
        assertEquals(-32001, other.getJsonObject("error").getInt("code"), "another subject's task is not found");
        JsonObject operator = rpc(ops(), "GetTask", Json.createObjectBuilder().add("id", taskId).build());
        assertEquals(taskId, operator.getJsonObject("result").getString("id"), "the operator sees every task");
    }

    @Test
    void tokensForAnotherAudienceTamperedOrUnsignedAreRefused() throws Exception {
        assertRefused(keycloak.clientCredentialsToken("other-service", "other-service-secret"), "another audience");

        String[] parts = service().split("\\.");
        JWTClaimsSet claims = SignedJWT.parse(service()).getJWTClaimsSet();
        JWTClaimsSet raised = new JWTClaimsSet.Builder(claims)
                .claim("realm_access", Map.of("roles", List.of(OPERATOR_ROLE))).build();
        String payload = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(raised.toString().getBytes(StandardCharsets.UTF_8));
        assertRefused(parts[0] + "." + payload + "." + parts[2], "claims raised after signing");
        assertRefused(new PlainJWT(raised).serialize(), "alg none");
        assertRefused(parts[0] + "." + parts[1] + ".", "signature stripped");
        assertRefused("not-a-token", "not a JWT");
    }

    @Test
    void aTokenOfAnotherIssuerIsRefusedAndItsKeysAreNeverFetched() throws Exception {
        try (TestIssuer elsewhere = new TestIssuer()) {
            JWTClaimsSet claims = elsewhere.claims("mallory", Keycloak.AUDIENCE)
                    .claim("realm_access", Map.of("roles", List.of(OPERATOR_ROLE))).build();
            assertRefused(elsewhere.signRs256(claims), "another issuer");
            JWTClaimsSet posing = new JWTClaimsSet.Builder(claims).issuer(keycloak.issuer()).build();
            SignedJWT withKeyUrl = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa-1")
                    .jwkURL(URI.create(elsewhere.issuer() + "/certs")).build(), posing);
            withKeyUrl.sign(new com.nimbusds.jose.crypto.RSASSASigner(elsewhere.rsa));
            assertRefused(withKeyUrl.serialize(), "Keycloak's issuer, signed by another key named by jku");
            assertEquals(0, elsewhere.keyFetches() + elsewhere.discoveryFetches(),
                    "the server fetches keys from its issuer only");
        }
    }

    @Test
    void anExpiredTokenIsRefusedAsExpired() throws Exception {
        String shortLived = keycloak.clientCredentialsToken("switchboard-short", "switchboard-short-secret");
        assertEquals("key-holders ran for TOKEN AUTHENTICATED in 1.0 tenant null", run(shortLived, "key-holders"),
                "accepted while it lives");
        long expires = SignedJWT.parse(shortLived).getJWTClaimsSet().getExpirationTime().getTime();
        Thread.sleep(Math.max(0, expires + 2_500 - System.currentTimeMillis()));
        assertRefused(shortLived, "expired");
        HttpResponse<String> response = rest(shortLived, "GET", "/extendedAgentCard", null);
        assertEquals("Bearer realm=\"switchboard\", error=\"invalid_token\", error_description=\"The access token"
                + " expired\"", response.headers().firstValue("WWW-Authenticate").orElse(""));
    }

    @Test
    void theCardDeclaresTheRealmAsAnOpenIdConnectScheme() {
        JsonObject card = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
        assertEquals(keycloak.issuer() + "/.well-known/openid-configuration", card.getJsonObject("securitySchemes")
                .getJsonObject("oidc").getJsonObject("openIdConnectSecurityScheme").getString("openIdConnectUrl"));
    }
}
