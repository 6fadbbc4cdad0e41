package dev.switchboard.client.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logins against a real OAuth 2 server in-process (mock-oauth2-server): authorization code with
 * PKCE over the loopback redirect, refresh, revocation, and the token files. It has no device
 * grant and no dynamic registration: those are proven against Keycloak (OAuthKeycloakIT).
 */
class OAuthLoginTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final URI ANY_PORT = URI.create("http://127.0.0.1:0/a2a/oauth/callback");

    @TempDir
    Path config;

    private MockOAuth2Server server;

    @BeforeEach
    void start() {
        server = new MockOAuth2Server();
        server.start();
    }

    @AfterEach
    void stop() {
        server.shutdown();
    }

    private String issuer() {
        return server.issuerUrl("switchboard").toString().replaceAll("/$", "");
    }

    /** Plays the user's browser: follows the authorization server's redirects, ending at the loopback listener. */
    static Consumer<URI> browser(List<Integer> statuses) {
        return url -> {
            try {
                URI next = url;
                for (int hop = 0; hop < 5 && next != null; hop++) {
                    HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(next).build(),
                            HttpResponse.BodyHandlers.ofString());
                    statuses.add(answer.statusCode());
                    next = answer.headers().firstValue("Location").map(next::resolve).orElse(null);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private OAuthLogin.Builder login(TokenStore store) {
        return OAuthLogin.builder().issuer(issuer()).clientId("switchboard-cli").redirectUri(ANY_PORT)
                .scopes(List.of("openid", "offline_access")).store(store).prompt(line -> { })
                .agent(URI.create("http://agent.example:8080/"));
    }

    @Test
    void pkceLoginKeepsOwnerOnlyTokensThatRefreshAndAreRevokedOnLogout() throws Exception {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        List<Integer> statuses = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        OAuthSession session = login(store).browser(browser(statuses)).prompt(shown::add).build().login();

        assertEquals(List.of(302, 200), statuses, "the server redirected to the loopback listener, which took the code");
        assertTrue(shown.get(0).contains("code_challenge_method=S256"), "the URL shown asks for PKCE S256");
        String first = session.accessToken();
        assertEquals(issuer(), SignedJWT.parse(first).getJWTClaimsSet().getIssuer());
        assertTrue(session.refreshable());
        assertFalse(session.toString().contains(first), "the token stays out of toString");

        Path dir = config.resolve("oauth");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        try (var files = Files.list(dir)) {
            List<Path> all = files.toList();
            assertEquals(1, all.size());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(all.get(0))));
        }

        session.refresh();
        String second = session.accessToken();
        assertNotEquals(first, second, "the refresh brought a new access token");
        assertEquals(second, store.forAgent(URI.create("http://agent.example:8080/a2a")).orElseThrow().accessToken(),
                "the refreshed token was saved");

        String refreshToken = store.find(issuer(), "switchboard-cli").orElseThrow().refreshToken();
        assertTrue(session.logout(), "the issuer offers revocation");
        assertTrue(store.forAgent(URI.create("http://agent.example:8080")).isEmpty(), "the login is forgotten");
        // this server accepts the revocation but honours any refresh token afterwards, so what is
        // checked here is the request; that a revoked token stops working is proven on Keycloak
        List<String> revocations = new ArrayList<>();
        while (true) {
            okhttp3.mockwebserver.RecordedRequest request;
            try {
                request = server.takeRequest(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (RuntimeException none) {
                break;
            }
            if (request.getPath().endsWith("/revoke")) {
                revocations.add(request.getBody().readUtf8());
            }
        }
        assertEquals(2, revocations.size(), "the refresh token, then the access token (which this server cannot"
                + " revoke: unsupported_token_type, which the client accepts)");
        assertTrue(revocations.get(0).contains("token_type_hint=refresh_token")
                && revocations.get(0).contains("token=" + refreshToken), revocations.get(0).length() + " chars");
        assertTrue(revocations.get(1).contains("token_type_hint=access_token"));
    }

    @Test
    void aStoredLoginIsOfferedOnlyToTheAgentsItWasMadeFor() {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        login(store).browser(browser(new ArrayList<>())).build().login();
        assertTrue(store.forAgent(URI.create("http://agent.example:8080/x")).isPresent());
        assertTrue(store.forAgent(URI.create("http://agent.example:8081/")).isEmpty(), "another port is another agent");
        assertTrue(store.forAgent(URI.create("https://agent.example:8080/")).isEmpty());
    }

    @Test
    void anExpiredAccessTokenIsRefreshedBeforeItIsHandedOut() {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        OAuthSession session = login(store).browser(browser(new ArrayList<>())).build().login();
        TokenStore.StoredLogin stored = store.find(issuer(), "switchboard-cli").orElseThrow();
        OAuthSession later = new OAuthSession(stored, store, OAuthHttp.standard(),
                java.time.Clock.fixed(stored.expiresAt().minusSeconds(30), java.time.ZoneOffset.UTC));
        assertNotEquals(session.accessToken(), later.accessToken(), "within the margin before expiry it refreshes");
        assertEquals(later.accessToken(), store.find(issuer(), "switchboard-cli").orElseThrow().accessToken());
    }

    @Test
    void aRedirectWithAnotherStateIsRefusedAndTheLoginGoesOn() {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        List<Integer> forged = new ArrayList<>();
        List<Integer> statuses = new ArrayList<>();
        Consumer<URI> real = browser(statuses);
        OAuthSession session = login(store).browser(url -> {
            String redirect = LoopbackReceiver.query(url.getRawQuery()).get("redirect_uri");
            browser(forged).accept(URI.create(redirect + "?code=forged&state=guess"));
            real.accept(url);
        }).build().login();
        assertEquals(List.of(400), forged);
        assertEquals(List.of(302, 200), statuses);
        assertTrue(session.accessToken().length() > 20);
    }

    @Test
    void aLoginNobodyCompletesTimesOut() {
        OAuthLogin login = login(TokenStore.in(config.resolve("oauth"))).timeout(Duration.ofMillis(500)).build();
        OAuthException e = assertThrows(OAuthException.class, login::login);
        assertTrue(e.getMessage().contains("not completed"), e.getMessage());
    }

    @Test
    void aRedirectUriOffLoopbackIsRefused() {
        OAuthLogin login = login(TokenStore.in(config.resolve("oauth")))
                .redirectUri(URI.create("http://example.com:19876/cb")).build();
        OAuthException e = assertThrows(OAuthException.class, login::login);
        assertTrue(e.getMessage().contains("redirect URI"), e.getMessage());
    }

    @Test
    void metadataNamingAnotherIssuerIsRefused() throws IOException {
        // no OAuth server serves a wrong issuer on purpose: a JDK HTTP server plays one that does
        com.sun.net.httpserver.HttpServer fake = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        fake.createContext("/", exchange -> {
            byte[] body = ("{\"issuer\":\"" + issuer() + "\",\"token_endpoint\":\"" + issuer() + "/token\"}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        fake.start();
        try {
            String pretender = "http://127.0.0.1:" + fake.getAddress().getPort() + "/realms/x";
            OAuthException e = assertThrows(OAuthException.class,
                    () -> AuthorizationServer.discover(OAuthHttp.standard(), pretender));
            assertTrue(e.getMessage().contains("not used"), e.getMessage());
            assertThrows(OAuthException.class, () -> AuthorizationServer.fromMetadataUrl(OAuthHttp.standard(),
                    URI.create(pretender + "/.well-known/openid-configuration")));
        } finally {
            fake.stop(0);
        }
    }
}
