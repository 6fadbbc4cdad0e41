package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OAuth 2 client credentials over HTTP: the token URL comes from the card, the token goes on every call. */
class OAuthFlowTest {
    @Test
    void theTokenFromTheCardsTokenUrlIsSentAndReused() throws Exception {
        try (FakeAgent agent = new FakeAgent()) {
            agent.answer("/.well-known/agent-card.json", 200, DiscoveryTest.V1_CARD.replace("\"skills\":[]", """
                    "skills":[],"securitySchemes":{"oauth":{"oauth2SecurityScheme":{"flows":
                      {"clientCredentials":{"tokenUrl":"$BASE/oauth/token","scopes":{}}}}}},
                    "securityRequirements":[{"schemes":{"oauth":{"list":[]}}}]"""))
                    .answer("/oauth/token", 200, "{\"access_token\":\"at-1\",\"token_type\":\"Bearer\",\"expires_in\":3600}")
                    .answer("/rpc", 200, DiscoveryTest.TASK);
            A2AClient client = A2AClient.builder()
                    .credentials(Credentials.builder()
                            .oauthClientCredentials("app", "app-secret", null, List.of()).build())
                    .connect(agent.base());
            client.getTask("t1");
            client.getTask("t1");
            List<FakeAgent.Received> tokenCalls = agent.received.stream()
                    .filter(r -> r.path().equals("/oauth/token")).toList();
            assertEquals(1, tokenCalls.size(), "the token is cached");
            assertEquals("Basic " + Base64.getEncoder().encodeToString("app:app-secret".getBytes()),
                    tokenCalls.get(0).header("Authorization"));
            assertEquals("grant_type=client_credentials", tokenCalls.get(0).body());
            List<FakeAgent.Received> calls = agent.received.stream().filter(r -> r.path().equals("/rpc")).toList();
            assertEquals(2, calls.size());
            calls.forEach(call -> assertEquals("Bearer at-1", call.header("Authorization")));
            assertTrue(agent.received.get(0).header("Authorization") == null, "the card is fetched anonymously");
        }
    }
}
