package dev.switchboard.client.oauth;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The device authorization grant (RFC 8628), with PKCE S256: asks for a user code, shows the user
 * where to enter it, and polls the token endpoint at the interval the server asks for, 5 s slower after each
 * {@code slow_down}, until the user approves, refuses, or the code or the timeout runs out.
 */
final class DeviceGrant {
    /** Sleeps between polls; tests pass one that does not wait. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final OAuthHttp http;
    private final AuthorizationServer server;
    private final String clientId;
    private final List<String> scopes;
    private final Consumer<String> prompt;
    private final Duration timeout;
    private final Sleeper sleeper;

    DeviceGrant(OAuthHttp http, AuthorizationServer server, String clientId, List<String> scopes,
                Consumer<String> prompt, Duration timeout) {
        this(http, server, clientId, scopes, prompt, timeout, duration -> Thread.sleep(duration.toMillis()));
    }

    DeviceGrant(OAuthHttp http, AuthorizationServer server, String clientId, List<String> scopes,
                Consumer<String> prompt, Duration timeout, Sleeper sleeper) {
        this.http = http;
        this.server = server;
        this.clientId = clientId;
        this.scopes = scopes;
        this.prompt = prompt;
        this.timeout = timeout;
        this.sleeper = sleeper;
    }

    /** Runs the grant; answers the token endpoint's successful answer. */
    JsonObject run() {
        // PKCE on the device grant is no part of RFC 8628, but servers that require PKCE of a client
        // (Keycloak) ask for it here too, and others ignore parameters they do not know
        Pkce pkce = new Pkce();
        Map<String, String> request = new LinkedHashMap<>();
        request.put("client_id", clientId);
        if (!scopes.isEmpty()) {
            request.put("scope", String.join(" ", scopes));
        }
        request.put("code_challenge", pkce.challenge());
        request.put("code_challenge_method", "S256");
        JsonObject authorization = http.postForm(server.deviceAuthorizationEndpoint(), request);
        String deviceCode = text(authorization, "device_code");
        String userCode = text(authorization, "user_code");
        String verification = text(authorization, "verification_uri");
        if (deviceCode == null || userCode == null || verification == null) {
            throw new OAuthException("the device authorization endpoint of " + server.issuer()
                    + " answered without device_code, user_code or verification_uri");
        }
        String complete = text(authorization, "verification_uri_complete");
        prompt.accept("To sign in at " + server.issuer() + ", open " + verification + " and enter the code "
                + userCode + (complete == null ? "" : "\n  (or open " + complete + ")"));
        long expiresIn = authorization.get("expires_in") instanceof JsonNumber n ? n.longValue() : 600;
        Instant deadline = Instant.now().plus(min(Duration.ofSeconds(expiresIn), timeout));
        Duration interval = Duration.ofSeconds(authorization.get("interval") instanceof JsonNumber n
                ? Math.max(1, n.longValue()) : 5);
        Map<String, String> poll = new LinkedHashMap<>();
        poll.put("grant_type", OAuthLogin.DEVICE_GRANT);
        poll.put("device_code", deviceCode);
        poll.put("client_id", clientId);
        poll.put("code_verifier", pkce.verifier());
        while (true) {
            if (Instant.now().plus(interval).isAfter(deadline)) {
                throw new OAuthException("the sign-in at " + server.issuer() + " was not approved in time");
            }
            try {
                sleeper.sleep(interval);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OAuthException("the login was cancelled", null, 0, e);
            }
            try {
                return http.postForm(server.tokenEndpoint(), poll);
            } catch (OAuthException e) {
                if ("authorization_pending".equals(e.error())) {
                    continue;
                }
                if ("slow_down".equals(e.error())) {
                    interval = interval.plusSeconds(5);
                    continue;
                }
                if ("access_denied".equals(e.error())) {
                    throw new OAuthException("the sign-in at " + server.issuer() + " was refused", e.error(),
                            e.httpStatus(), e);
                }
                if ("expired_token".equals(e.error())) {
                    throw new OAuthException("the user code expired before the sign-in at " + server.issuer()
                            + " was approved", e.error(), e.httpStatus(), e);
                }
                throw e;
            }
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static String text(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }
}
