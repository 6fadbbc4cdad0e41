package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.FakeAgent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code connect --login}, the stored login on later commands, {@code inspect} and {@code logout},
 * against a real OAuth 2 server in-process (mock-oauth2-server) and a fake agent whose card names it.
 */
class LoginCommandTest {
    private static final String CARD = """
            {"name":"Guarded","description":"d","version":"1","capabilities":{},
             "defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
             "supportedInterfaces":[{"url":"$BASE/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
             "securitySchemes":{"sso":{"oauth2SecurityScheme":{"oauth2MetadataUrl":"%s",
               "flows":{"authorizationCode":{"authorizationUrl":"%s","tokenUrl":"%s","scopes":{}}}}}},
             "securityRequirements":[{"schemes":{"sso":{"list":[]}}}]}""";
    private static final String TASK = """
            {"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}""";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path config;

    private final MockOAuth2Server server = new MockOAuth2Server();
    private final FakeAgent agent;
    private final FakeAgent other;

    LoginCommandTest() throws IOException {
        server.start();
        String issuer = server.issuerUrl("switchboard").toString().replaceAll("/$", "");
        String card = CARD.formatted(issuer + "/.well-known/openid-configuration", issuer + "/authorize",
                issuer + "/token");
        agent = new FakeAgent().answer("/.well-known/agent-card.json", 200, card).answer("/rpc", 200, TASK);
        other = new FakeAgent().answer("/.well-known/agent-card.json", 200, card).answer("/rpc", 200, TASK);
    }

    @AfterEach
    void stop() {
        agent.close();
        other.close();
        server.shutdown();
    }

    /** Plays the browser: follows the authorization server's redirect to the loopback listener. */
    private static final Consumer<URI> BROWSER = url -> {
        try {
            URI next = url;
            for (int hop = 0; hop < 5 && next != null; hop++) {
                HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(next).build(),
                        HttpResponse.BodyHandlers.ofString());
                next = answer.headers().firstValue("Location").map(next::resolve).orElse(null);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    };

    private MainTest.Outcome run(String... args) {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                java.util.stream.Stream.of("--peers", config.resolve("peers.json").toString())).toArray(String[]::new);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(all, new Main.Surroundings(Map.of(), new ByteArrayInputStream(new byte[0]), BROWSER),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new MainTest.Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private String storedAccessToken() throws IOException {
        try (var files = Files.list(config.resolve("oauth"))) {
            Path login = files.filter(f -> f.getFileName().toString().startsWith("login-")).findFirst().orElseThrow();
            return jakarta.json.Json.createReader(Files.newBufferedReader(login)).readObject().getString("accessToken");
        }
    }

    @Test
    void loginThenCallsCarryTheTokenToThatAgentOnlyUntilLogout() throws IOException {
        MainTest.Outcome login = run("connect", agent.base(), "--login", "--oauth-client-id", "switchboard-cli",
                "--oauth-redirect-uri", "http://127.0.0.1:0/a2a/oauth/callback", "--oauth-scope", "openid");
        assertEquals(0, login.exit(), login.err());
        assertTrue(login.err().contains("open this URL in a browser"), "the URL is printed on stderr: " + login.err());
        assertTrue(login.err().contains("signed in at "), login.err());
        String token = storedAccessToken();
        assertFalse(login.out().contains(token) || login.err().contains(token), "the token is never printed");

        agent.received.clear();
        MainTest.Outcome get = run("get", agent.base(), "t1");
        assertEquals(0, get.exit(), get.err());
        FakeAgent.Received call = agent.received.stream().filter(r -> r.path().equals("/rpc")).findFirst().orElseThrow();
        assertEquals("Bearer " + token, call.header("Authorization"));

        MainTest.Outcome inspect = run("connect", agent.base(), "--inspect", "--no-save");
        assertTrue(inspect.out().contains("sso: OAuth 2 authorizationCode"), inspect.out());
        assertTrue(inspect.out().contains("OAuth login: " + server.issuerUrl("switchboard").toString()
                .replaceAll("/$", "") + ", client switchboard-cli"), inspect.out());
        assertFalse(inspect.out().contains(token));

        run("get", other.base(), "t1");
        FakeAgent.Received elsewhere = other.received.stream().filter(r -> r.path().equals("/rpc")).findFirst()
                .orElseThrow();
        assertNull(elsewhere.header("Authorization"), "a login made for one agent is not sent to another");
        MainTest.Outcome hint = run("connect", other.base(), "--inspect", "--no-save");
        assertTrue(hint.out().contains("OAuth login: none stored for this agent; sign in with"), hint.out());

        MainTest.Outcome logout = run("logout", agent.base());
        assertEquals(0, logout.exit(), logout.err());
        assertTrue(logout.out().contains("tokens revoked and forgotten"), logout.out());
        assertEquals(1, run("logout", agent.base()).exit(), "nothing left to log out of");
        agent.received.clear();
        run("get", agent.base(), "t1");
        assertNull(agent.received.stream().filter(r -> r.path().equals("/rpc")).findFirst().orElseThrow()
                .header("Authorization"), "after logout no token is sent");
    }

    @Test
    void loginGoesWithNoOtherCredential() throws IOException {
        Path token = Files.writeString(config.resolve("token"), "a-token");
        MainTest.Outcome both = run("connect", agent.base(), "--login", "--token-file", token.toString());
        assertEquals(1, both.exit());
        assertTrue(both.err().contains("--login"), both.err());
        assertTrue(List.of(both.out(), both.err()).stream().noneMatch(s -> s.contains("Exception")));
    }
}
