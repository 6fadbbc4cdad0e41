package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.switchboard.client.oauth.OAuthException;
import dev.switchboard.client.oauth.OAuthLogin;
import dev.switchboard.client.oauth.OAuthSession;
import dev.switchboard.client.oauth.TokenStore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's OAuth logins against a real Keycloak: authorization code with PKCE through
 * Keycloak's own login page, the device grant through its device page, refresh, revocation (the
 * revoked refresh token no longer works) and dynamic client registration. The test plays the user
 * over HTTP with a cookie jar, as a browser would: it reads each page's form and posts it.
 */
class OAuthKeycloakIT {
    private static final URI ANY_LOOPBACK_PORT = URI.create("http://127.0.0.1:0/a2a/oauth/callback");
    private static final Pattern FORM = Pattern.compile("<form\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ACTION = Pattern.compile("action=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern INPUT = Pattern.compile("<input\\b[^>]*>", Pattern.CASE_INSENSITIVE);

    private final Keycloak keycloak = Keycloak.shared();

    @TempDir
    Path config;

    /** One user with a browser of their own: cookies kept, redirects followed by hand. */
    static final class User {
        // a cookie jar of its own: the JDK's CookieManager does not send cookies set by "localhost"
        private final HttpClient http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
        private final Map<String, String> cookies = new LinkedHashMap<>();
        private final String username;
        private final String password;
        final List<String> pages = new java.util.ArrayList<>();
        /** How often the user code form was shown. */
        int codeForms;

        User(String username, String password) {
            this.username = username;
            this.password = password;
        }

        /**
         * Opens the URL and does what a user would: signs in, enters the user code, grants consent,
         * following redirects (the last one to the client's loopback listener), until a page asks
         * for nothing more. Answers that last page.
         */
        String visit(URI start, String userCode) {
            try {
                URI next = start;
                String body = null;
                for (int step = 0; step < 15; step++) {
                    HttpRequest.Builder request = HttpRequest.newBuilder(next).timeout(Duration.ofSeconds(20));
                    if (!cookies.isEmpty()) {
                        request.header("Cookie", cookies.entrySet().stream().map(c -> c.getKey() + "=" + c.getValue())
                                .collect(java.util.stream.Collectors.joining("; ")));
                    }
                    if (body != null) {
                        request.header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString(body));
                    }
                    HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                    pages.add(answer.statusCode() + " " + next.getPath());
                    for (String set : answer.headers().allValues("Set-Cookie")) {
                        String pair = set.split(";", 2)[0];
                        int equals = pair.indexOf('=');
                        String name = pair.substring(0, equals).strip();
                        String value = pair.substring(equals + 1).strip();
                        if (value.isEmpty() || set.toLowerCase(java.util.Locale.ROOT).contains("max-age=0")) {
                            cookies.remove(name);
                        } else {
                            cookies.put(name, value);
                        }
                    }
                    Map<String, String> fill = new LinkedHashMap<>();
                    if (answer.statusCode() / 100 == 3) {
                        next = next.resolve(answer.headers().firstValue("Location").orElseThrow());
                        body = null;
                        continue;
                    }
                    String html = answer.body();
                    String field;
                    if (html.contains("name=\"username\"")) {
                        field = "username";
                        fill.put("username", username);
                        fill.put("password", password);
                    } else if (html.contains("name=\"device_user_code\"")) {
                        // Keycloak 26.5 routes a POST of this form to its device authorization
                        // endpoint (invalid_client) unless the browser already holds a session, so
                        // the code is entered the way the form's link form does it: ?user_code=
                        codeForms++;
                        next = next.resolve(form(html, "device_user_code").action() + "?user_code="
                                + java.net.URLEncoder.encode(userCode, java.nio.charset.StandardCharsets.UTF_8));
                        body = null;
                        continue;
                    } else if (html.contains("name=\"accept\"")) {
                        field = "accept";
                        fill.put("accept", "Yes");
                    } else {
                        return html;
                    }
                    Form form = form(html, field);
                    next = next.resolve(form.action());
                    Map<String, String> values = new LinkedHashMap<>(form.hidden());
                    values.putAll(fill);
                    body = Keycloak.formBody(values);
                }
                throw new AssertionError("the user got lost after " + pages);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** A form's action and hidden inputs. */
    record Form(String action, Map<String, String> hidden) {
    }

    /** The form around the input named {@code field}. */
    static Form form(String html, String field) {
        int at = html.indexOf("name=\"" + field + "\"");
        Matcher forms = FORM.matcher(html);
        int start = -1;
        String tag = null;
        while (forms.find() && forms.start() < at) {
            start = forms.start();
            tag = forms.group();
        }
        assertTrue(tag != null, "no form around " + field);
        Matcher action = ACTION.matcher(tag);
        assertTrue(action.find(), "the form has no action");
        int end = html.indexOf("</form>", at);
        Map<String, String> hidden = new LinkedHashMap<>();
        Matcher inputs = INPUT.matcher(html.substring(start, end < 0 ? html.length() : end));
        while (inputs.find()) {
            String input = inputs.group();
            if (input.contains("type=\"hidden\"")) {
                hidden.put(attribute(input, "name"), attribute(input, "value"));
            }
        }
        return new Form(unescape(action.group(1)), hidden);
    }

    private static String attribute(String tag, String name) {
        Matcher m = Pattern.compile("\\b" + name + "=\"([^\"]*)\"").matcher(tag);
        return m.find() ? unescape(m.group(1)) : "";
    }

    private static String unescape(String html) {
        return html.replace("&amp;", "&").replace("&#x3D;", "=").replace("&quot;", "\"").replace("&#39;", "'");
    }

    private OAuthLogin.Builder login(TokenStore store) {
        return OAuthLogin.builder().issuer(keycloak.issuer()).clientId("switchboard-cli")
                .redirectUri(ANY_LOOPBACK_PORT).scopes(List.of("openid")).store(store)
                .agent(URI.create("http://127.0.0.1:8080/")).prompt(line -> { }).timeout(Duration.ofSeconds(60));
    }

    private static JWTClaimsSet claims(String token) throws Exception {
        return SignedJWT.parse(token).getJWTClaimsSet();
    }

    @Test
    void pkceLoginThroughKeycloaksLoginPageThenRefreshAndRevoke() throws Exception {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        User alice = new User("alice", "alice-password");
        List<String> last = new java.util.ArrayList<>();
        OAuthSession session = login(store).browser(url -> last.add(alice.visit(url, null))).build().login();

        assertTrue(last.get(0).contains("Signed in"), "the loopback listener took the code: " + alice.pages);
        JWTClaimsSet token = claims(session.accessToken());
        assertEquals(keycloak.issuer(), token.getIssuer());
        assertEquals("alice", token.getStringClaim("preferred_username"));
        assertTrue(token.getAudience().contains(Keycloak.AUDIENCE));

        String first = session.accessToken();
        session.refresh();
        assertNotEquals(first, session.accessToken(), "Keycloak issued a new access token for the refresh token");

        String refreshToken = refreshTokenOf(store);
        assertTrue(session.logout(), "Keycloak offers revocation");
        assertTrue(store.forAgent(URI.create("http://127.0.0.1:8080")).isEmpty());
        HttpResponse<String> again = HttpClient.newHttpClient().send(HttpRequest.newBuilder(keycloak.tokenEndpoint())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Keycloak.formBody(Map.of("grant_type", "refresh_token",
                        "refresh_token", refreshToken, "client_id", "switchboard-cli")))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, again.statusCode(), "the revoked refresh token no longer works");
        assertTrue(again.body().contains("invalid_grant"), again.body());
    }

    /** The refresh token as kept in the store's file: the test reads it to try it after logout. */
    private static String refreshTokenOf(TokenStore store) throws IOException {
        try (var files = java.nio.file.Files.list(store.directory())) {
            Path file = files.filter(f -> f.getFileName().toString().startsWith("login-")).findFirst().orElseThrow();
            return jakarta.json.Json.createReader(java.nio.file.Files.newBufferedReader(file)).readObject()
                    .getString("refreshToken");
        }
    }

    @Test
    void deviceCodeLoginWithoutADisplayThroughKeycloaksDevicePage() throws Exception {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        User olivia = new User("olivia", "olivia-password");
        CompletableFuture<String> user = new CompletableFuture<>();
        OAuthLogin login = login(store).display(false).prompt(line -> {
            // "To sign in at ..., open URI and enter the code CODE\n  (or open COMPLETE)"
            Matcher shown = Pattern.compile("open (\\S+) and enter the code (\\S+)").matcher(line);
            if (shown.find()) {
                String verification = shown.group(1);
                String code = shown.group(2);
                CompletableFuture.runAsync(() -> user.complete(olivia.visit(URI.create(verification), code)))
                        .exceptionally(e -> {
                            user.completeExceptionally(e);
                            return null;
                        });
            }
        }).browser(url -> {
            throw new AssertionError("without a display no browser is opened");
        }).build();
        OAuthSession session;
        try {
            session = login.login();
        } catch (OAuthException e) {
            throw new AssertionError(e.getMessage() + "; the user saw " + olivia.pages + ", "
                    + (user.isCompletedExceptionally() ? "and failed: " + user.handle((v, t) -> t).join() : ""), e);
        }

        assertTrue(user.isDone() && !user.isCompletedExceptionally(), "the user finished: " + olivia.pages);
        JWTClaimsSet token = claims(session.accessToken());
        assertEquals("olivia", token.getStringClaim("preferred_username"));
        assertEquals(1, olivia.codeForms, "the verification URI asked for the user code: " + olivia.pages);
        assertTrue(session.refreshable());
        session.refresh();
        assertTrue(session.logout());
    }

    @Test
    void aClientRegistersItselfWhereTheIssuerOffersRegistration() throws Exception {
        TokenStore store = TokenStore.in(config.resolve("oauth"));
        User alice = new User("alice", "alice-password");
        OAuthSession session = OAuthLogin.builder().issuer(keycloak.issuer()).redirectUri(ANY_LOOPBACK_PORT)
                .scopes(List.of("openid")).store(store).agent(URI.create("http://127.0.0.1:8080/"))
                .prompt(line -> { }).timeout(Duration.ofSeconds(60)).browser(url -> alice.visit(url, null)).build().login();
        assertNotEquals("switchboard-cli", session.clientId(), "a client of its own was registered");
        assertEquals(session.clientId(), claims(session.accessToken()).getStringClaim("azp"));

        // the next login at this issuer reuses the registered client
        OAuthSession again = OAuthLogin.builder().issuer(keycloak.issuer()).redirectUri(ANY_LOOPBACK_PORT)
                .scopes(List.of("openid")).store(store).agent(URI.create("http://127.0.0.1:8080/"))
                .prompt(line -> { }).timeout(Duration.ofSeconds(60)).browser(url -> alice.visit(url, null)).build().login();
        assertEquals(session.clientId(), again.clientId());
        again.logout();
    }

    @Test
    void theCliSignsInWithTheDeviceGrantWithoutADisplayAndLogsOut() throws Exception {
        String card = """
                {"name":"Guarded","description":"d","version":"1","capabilities":{},
                 "defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
                 "supportedInterfaces":[{"url":"$BASE/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
                 "securitySchemes":{"sso":{"openIdConnectSecurityScheme":{"openIdConnectUrl":"%s"}}},
                 "securityRequirements":[{"schemes":{"sso":{"list":[]}}}]}""".formatted(keycloak.discovery());
        String task = """
                {"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}""";
        User olivia = new User("olivia", "olivia-password");
        try (dev.switchboard.client.FakeAgent agent = new dev.switchboard.client.FakeAgent()) {
            agent.answer("/.well-known/agent-card.json", 200, card).answer("/rpc", 200, task);
            String peers = config.resolve("peers.json").toString();
            // no DISPLAY in this environment: the CLI takes the device grant and prints the code on stderr
            java.io.ByteArrayOutputStream errText = new java.io.ByteArrayOutputStream();
            java.io.OutputStream watching = new java.io.OutputStream() {
                private final StringBuilder line = new StringBuilder();

                @Override
                public void write(int b) {
                    errText.write(b);
                    line.append((char) b);
                    Matcher shown = Pattern.compile("open (\\S+) and enter the code (\\S+)\\s").matcher(line);
                    if (shown.find()) {
                        String verification = shown.group(1);
                        String code = shown.group(2);
                        line.setLength(0);
                        CompletableFuture.runAsync(() -> olivia.visit(URI.create(verification), code));
                    }
                }
            };
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int exit = dev.switchboard.cli.Main.run(new String[] {"connect", agent.base(), "--login",
                    "--oauth-client-id", "switchboard-cli", "--oauth-scope", "openid", "--login-timeout", "60",
                    "--peers", peers}, Map.of(), java.io.InputStream.nullInputStream(),
                    new java.io.PrintStream(out, true), new java.io.PrintStream(watching, true));
            assertEquals(0, exit, errText + " / the user saw " + olivia.pages);

            agent.received.clear();
            assertEquals(0, dev.switchboard.cli.Main.run(new String[] {"get", agent.base(), "t1", "--peers", peers},
                    Map.of(), java.io.InputStream.nullInputStream(), new java.io.PrintStream(out, true),
                    new java.io.PrintStream(errText, true)));
            String authorization = agent.received.stream().filter(r -> r.path().equals("/rpc")).findFirst()
                    .orElseThrow().header("Authorization");
            String token = authorization.substring("Bearer ".length());
            assertEquals("olivia", claims(token).getStringClaim("preferred_username"));
            assertTrue(!out.toString().contains(token) && !errText.toString().contains(token), "never printed");

            java.io.ByteArrayOutputStream logout = new java.io.ByteArrayOutputStream();
            assertEquals(0, dev.switchboard.cli.Main.run(new String[] {"logout", agent.base(), "--peers", peers},
                    Map.of(), java.io.InputStream.nullInputStream(), new java.io.PrintStream(logout, true),
                    new java.io.PrintStream(errText, true)));
            assertTrue(logout.toString().contains("tokens revoked and forgotten"), logout.toString());
        }
    }
}
