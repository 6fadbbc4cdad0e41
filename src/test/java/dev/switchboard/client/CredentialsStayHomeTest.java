package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.TaskState;
import jakarta.json.Json;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Credentials go only to the origin they were given for: the agent's own (where its card was
 * discovered), never to an interface, token endpoint or redirect target elsewhere.
 */
class CredentialsStayHomeTest {
    private static final String CARD_PATH = "/.well-known/agent-card.json";
    private static final String TOKEN = "home-token-0123";

    private final FakeAgent home;
    private final FakeAgent elsewhere;

    CredentialsStayHomeTest() throws Exception {
        home = new FakeAgent();
        elsewhere = new FakeAgent();
    }

    @AfterEach
    void stop() {
        home.close();
        elsewhere.close();
    }

    private static Credentials everything() {
        return Credentials.builder().bearerToken(TOKEN).apiKey("key-0123").header("X-Gateway", "gw-0123").build();
    }

    private static String oauthCard(String tokenUrl) {
        return DiscoveryTest.V1_CARD.replace("\"skills\":[]", """
                "skills":[],"securitySchemes":{"oauth":{"oauth2SecurityScheme":{"flows":
                  {"clientCredentials":{"tokenUrl":"%s","scopes":{}}}}}}""".formatted(tokenUrl));
    }

    @Test
    void anInterfaceOnAnotherOriginIsRefusedAndGetsNothing() {
        home.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD.replace("$BASE", elsewhere.base()));
        elsewhere.answer("/rpc", 200, DiscoveryTest.TASK);
        A2AClientException e = assertThrows(A2AClientException.class,
                () -> A2AClient.builder().credentials(everything()).connect(home.base()).getTask("t1"));
        assertTrue(e.getMessage().contains(home.base()) && e.getMessage().contains(elsewhere.base()), e.getMessage());
        assertTrue(!e.getMessage().contains(TOKEN), e.getMessage());
        assertEquals(List.of(), elsewhere.received);
        // unless that origin was allowed
        A2AClient allowed = A2AClient.builder().credentials(Credentials.builder().bearerToken(TOKEN)
                .allowOrigin(elsewhere.base()).build()).connect(home.base());
        assertEquals(TaskState.COMPLETED, allowed.getTask("t1").status().state());
        assertEquals("Bearer " + TOKEN, elsewhere.received.get(0).header("Authorization"));
        elsewhere.received.clear();
        // an anonymous client follows the card wherever it points: it has nothing to give away
        assertEquals(TaskState.COMPLETED, A2AClient.builder().connect(home.base()).getTask("t1").status().state());
        assertNull(elsewhere.received.get(0).header("Authorization"));
    }

    @Test
    void aCredentialForHttpsIsNotSentOverPlainHttp() {
        home.answer("/rpc", 200, DiscoveryTest.TASK);
        String https = home.base().replace("http://", "https://");
        PeerCard card = CardReader.read(URI.create(https + CARD_PATH), Json.createReader(new StringReader(
                DiscoveryTest.V1_CARD.replace("$BASE", home.base()))).readObject());
        A2AClient.Builder builder = A2AClient.builder().credentials(Credentials.builder().bearerToken(TOKEN).build());
        A2AClientException e = assertThrows(A2AClientException.class, () -> builder.build(card).getTask("t1"));
        assertTrue(e.getMessage().contains(https) && e.getMessage().contains(home.base()), e.getMessage());
        assertEquals(List.of(), home.received);
    }

    @Test
    void theClientSecretGoesOnlyToATokenUrlOnTheAgentsOrigin() {
        home.answer(CARD_PATH, 200, oauthCard(elsewhere.base() + "/oauth/token")).answer("/rpc", 200, DiscoveryTest.TASK);
        elsewhere.answer("/oauth/token", 200, "{\"access_token\":\"stolen\",\"expires_in\":3600}");
        Credentials oauth = Credentials.builder().oauthClientCredentials("app", "app-secret", null, List.of()).build();
        A2AClientException e = assertThrows(A2AClientException.class,
                () -> A2AClient.builder().credentials(oauth).connect(home.base()).getTask("t1"));
        assertTrue(e.getMessage().contains("token URL"), e.getMessage());
        assertEquals(List.of(), elsewhere.received);
        // a token URL the caller names is the caller's choice
        Credentials named = Credentials.builder().oauthClientCredentials("app", "app-secret",
                URI.create(elsewhere.base() + "/oauth/token"), List.of()).build();
        A2AClient.builder().credentials(named).connect(home.base()).getTask("t1");
        assertEquals("Bearer stolen", home.received.get(home.received.size() - 1).header("Authorization"));
    }

    @Test
    void tokensAreCachedPerTokenEndpoint() {
        home.answer(CARD_PATH, 200, oauthCard("$BASE/oauth/token")).answer("/rpc", 200, DiscoveryTest.TASK)
                .answer("/oauth/token", 200, "{\"access_token\":\"for-home\",\"expires_in\":3600}");
        elsewhere.answer(CARD_PATH, 200, oauthCard("$BASE/oauth/token")).answer("/rpc", 200, DiscoveryTest.TASK)
                .answer("/oauth/token", 200, "{\"access_token\":\"for-elsewhere\",\"expires_in\":3600}");
        Credentials shared = Credentials.builder().oauthClientCredentials("app", "app-secret", null, List.of()).build();
        A2AClient.builder().credentials(shared).connect(home.base()).getTask("t1");
        A2AClient.builder().credentials(shared).connect(elsewhere.base()).getTask("t1");
        assertEquals("Bearer for-elsewhere", elsewhere.received.get(elsewhere.received.size() - 1).header("Authorization"));
        assertEquals(1, elsewhere.received.stream().filter(r -> r.path().equals("/oauth/token")).count());
    }

    @Test
    void aRedirectToAnotherOriginIsNotFollowedWithCredentials() {
        home.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).redirect("/rpc", 307, elsewhere.base() + "/rpc");
        elsewhere.answer("/rpc", 200, DiscoveryTest.TASK);
        A2AClient client = A2AClient.builder().credentials(everything()).connect(home.base());
        A2AClientException e = assertThrows(A2AClientException.class, () -> client.getTask("t1"));
        assertTrue(e.getMessage().contains(elsewhere.base()), e.getMessage());
        assertEquals(List.of(), elsewhere.received);
        // within the origin, a redirect is followed with the credentials
        home.redirect("/rpc", 307, "$BASE/rpc2").answer("/rpc2", 200, DiscoveryTest.TASK);
        assertEquals(TaskState.COMPLETED, client.getTask("t1").status().state());
        assertEquals("Bearer " + TOKEN, home.received.get(home.received.size() - 1).header("Authorization"));
        // and an anonymous discovery may be sent elsewhere
        home.redirect(CARD_PATH, 302, elsewhere.base() + CARD_PATH);
        elsewhere.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD);
        assertEquals("Agent", A2AClient.builder().discover(home.base()).name());
    }

    @Test
    void aSuppliedClientThatFollowsRedirectsIsRefusedWithCredentials() {
        home.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD);
        HttpClient following = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
        PeerCard card = A2AClient.builder().httpClient(following).discover(home.base());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> A2AClient.builder().httpClient(following).credentials(everything()).build(card));
        assertTrue(e.getMessage().contains("Redirect.NEVER"), e.getMessage());
    }

    @Test
    void anOversizedBodyIsRefused() {
        String padding = "x".repeat(9 * 1024 * 1024);
        home.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, DiscoveryTest.TASK.replace(
                "\"contextId\"", "\"metadata\":{\"padding\":\"" + padding + "\"},\"contextId\""));
        A2AClient client = A2AClient.builder().connect(home.base());
        A2AClientException e = assertThrows(A2AClientException.class, () -> client.getTask("t1"));
        assertTrue(e.getMessage().contains("larger than"), e.getMessage());
    }

    @Test
    void anOversizedEventIsRefused() {
        String padding = "x".repeat(9 * 1024 * 1024);
        home.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, "text/event-stream", """
                data: {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c","metadata":{"p":"%s"},\
                "status":{"state":"TASK_STATE_COMPLETED"}}}}

                """.formatted(padding));
        A2AClient client = A2AClient.builder().connect(home.base());
        try (EventStream stream = client.stream(A2AClient.userMessage("hi", null))) {
            A2AClientException e = assertThrows(A2AClientException.class, stream::hasNext);
            assertTrue(e.getMessage().contains("larger than"), e.getMessage());
        }
    }
}
