package dev.switchboard.client.oauth;

import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The authorization code grant with PKCE S256 (RFC 6749 §4.1, RFC 7636) for a native app: the
 * authorization URL goes to the user (shown, and handed to the browser), the code comes back to
 * the {@link LoopbackReceiver}, and an {@code iss} in the callback must name the issuer (RFC 9207).
 */
final class AuthorizationCodeGrant {
    private final OAuthHttp http;
    private final AuthorizationServer server;
    private final String clientId;
    private final URI redirectUri;
    private final List<String> scopes;
    private final Consumer<URI> browser;
    private final Consumer<String> prompt;
    private final Duration timeout;

    AuthorizationCodeGrant(OAuthHttp http, AuthorizationServer server, String clientId, URI redirectUri,
                           List<String> scopes, Consumer<URI> browser, Consumer<String> prompt, Duration timeout) {
        this.http = http;
        this.server = server;
        this.clientId = clientId;
        this.redirectUri = redirectUri;
        this.scopes = scopes;
        this.browser = browser;
        this.prompt = prompt;
        this.timeout = timeout;
    }

    /** Runs the grant; answers the token endpoint's successful answer. */
    JsonObject run() {
        Pkce pkce = new Pkce();
        String state = Pkce.random(16);
        try (LoopbackReceiver receiver = LoopbackReceiver.start(redirectUri, state)) {
            Map<String, String> query = new LinkedHashMap<>();
            query.put("response_type", "code");
            query.put("client_id", clientId);
            query.put("redirect_uri", receiver.redirectUri().toString());
            if (!scopes.isEmpty()) {
                query.put("scope", String.join(" ", scopes));
            }
            query.put("state", state);
            query.put("code_challenge", pkce.challenge());
            query.put("code_challenge_method", "S256");
            String base = server.authorizationEndpoint().toString();
            URI url = URI.create(base + (server.authorizationEndpoint().getRawQuery() == null ? "?" : "&")
                    + OAuthHttp.form(query));
            prompt.accept("To sign in at " + server.issuer() + ", open this URL in a browser:\n  " + url);
            try {
                browser.accept(url);
            } catch (RuntimeException e) {
                prompt.accept("(could not open a browser: " + e.getClass().getSimpleName() + ")");
            }
            LoopbackReceiver.Callback callback = receiver.await(timeout);
            if (callback.error() != null) {
                throw new OAuthException("the sign-in at " + server.issuer() + " did not succeed: " + callback.error()
                        + (callback.errorDescription() == null ? "" : " (" + callback.errorDescription() + ")"),
                        callback.error(), 0, null);
            }
            if (callback.issuer() != null && !callback.issuer().equals(server.issuer())) {
                throw new OAuthException("the sign-in's answer names the issuer " + callback.issuer() + ", not "
                        + server.issuer() + "; it is not used");
            }
            if (callback.code() == null || callback.code().isEmpty()) {
                throw new OAuthException("the sign-in's answer carries no code");
            }
            Map<String, String> form = new LinkedHashMap<>();
            form.put("grant_type", "authorization_code");
            form.put("code", callback.code());
            form.put("redirect_uri", receiver.redirectUri().toString());
            form.put("client_id", clientId);
            form.put("code_verifier", pkce.verifier());
            return http.postForm(server.tokenEndpoint(), form);
        }
    }
}
