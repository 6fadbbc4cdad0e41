package dev.switchboard.client.oauth;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A user signed in at one issuer with one client: hands out the access token, refreshing it with
 * the refresh token shortly before it expires (a tenth of its lifetime early, at least 5 s and at
 * most 60 s) and saving the new tokens, and revokes both on {@link #logout()}. Give it to the
 * client as {@code Credentials.builder().bearerTokens(session::accessToken)}. Thread-safe; the
 * tokens never appear in {@link #toString()} or in an exception message.
 */
public final class OAuthSession {
    private static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(5);

    private TokenStore.StoredLogin login;
    private final TokenStore store;
    private final OAuthHttp http;
    private final Clock clock;

    OAuthSession(TokenStore.StoredLogin login, TokenStore store, OAuthHttp http) {
        this(login, store, http, Clock.systemUTC());
    }

    OAuthSession(TokenStore.StoredLogin login, TokenStore store, OAuthHttp http, Clock clock) {
        this.login = login;
        this.store = store;
        this.http = http;
        this.clock = clock;
    }

    public synchronized String issuer() {
        return login.issuer();
    }

    public synchronized String clientId() {
        return login.clientId();
    }

    /** When the current access token expires; empty when the server did not say. */
    public synchronized Optional<Instant> expiresAt() {
        return Optional.ofNullable(login.expiresAt());
    }

    /** Whether a refresh token is kept, so the login outlives its access token. */
    public synchronized boolean refreshable() {
        return login.refreshToken() != null;
    }

    /** The origins of the agents this login's tokens are offered to. */
    public synchronized Set<String> agents() {
        return login.agents();
    }

    /**
     * A current access token: the stored one, or a refreshed one when it is about to expire.
     *
     * @throws OAuthException when it has expired and cannot be refreshed (no refresh token, or the
     *                        server refused it): the user must sign in again
     */
    public synchronized String accessToken() {
        Instant now = clock.instant();
        if (login.expiresAt() != null && !now.isBefore(refreshAt(login.expiresAt(), login.savedAt()))) {
            if (login.refreshToken() == null) {
                throw new OAuthException("the login at " + login.issuer() + " has expired and has no refresh token;"
                        + " sign in again");
            }
            refresh();
        }
        return login.accessToken();
    }

    /** Refreshes the tokens now (RFC 6749 §6) and saves them. */
    public synchronized void refresh() {
        if (login.refreshToken() == null) {
            throw new OAuthException("the login at " + login.issuer() + " has no refresh token; sign in again");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", login.refreshToken());
        form.put("client_id", login.clientId());
        JsonObject answer;
        try {
            answer = http.postForm(login.tokenEndpoint(), form);
        } catch (OAuthException e) {
            if ("invalid_grant".equals(e.error())) {
                throw new OAuthException("the login at " + login.issuer() + " has expired or was revoked; sign in again",
                        e.error(), e.httpStatus(), e);
            }
            throw e;
        }
        login = tokens(answer, login, clock.instant());
        store.save(login);
    }

    /**
     * Revokes the refresh token and the access token where the issuer offers revocation (RFC 7009),
     * then forgets the login. Every agent the login was made for loses it.
     *
     * @return whether the issuer was asked to revoke the tokens; false when it offers no revocation
     *         endpoint, and the tokens were only forgotten here (they stay valid until they expire)
     */
    public synchronized boolean logout() {
        boolean revoked = false;
        if (login.revocationEndpoint() != null) {
            if (login.refreshToken() != null) {
                revoke(login.refreshToken(), "refresh_token");
            }
            try {
                revoke(login.accessToken(), "access_token");
            } catch (OAuthException e) {
                // RFC 7009 §2.2.1: a server may revoke refresh tokens only; the access token then lapses
                if (!"unsupported_token_type".equals(e.error())) {
                    throw e;
                }
            }
            revoked = true;
        }
        store.delete(login);
        return revoked;
    }

    private void revoke(String token, String hint) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("token", token);
        form.put("token_type_hint", hint);
        form.put("client_id", login.clientId());
        http.postFormNoContent(login.revocationEndpoint(), form);
    }

    /** The login after a token answer: a refresh token the answer leaves out is kept (RFC 6749 §6). */
    static TokenStore.StoredLogin tokens(JsonObject answer, TokenStore.StoredLogin before, Instant now) {
        if (!(answer.get("access_token") instanceof JsonString access)) {
            throw new OAuthException("the token endpoint of " + before.issuer() + " answered without an access_token");
        }
        String type = answer.get("token_type") instanceof JsonString t ? t.getString() : "Bearer";
        if (!type.equalsIgnoreCase("Bearer")) {
            throw new OAuthException("the token endpoint of " + before.issuer() + " answered a " + type
                    + " token; only bearer tokens are supported");
        }
        Duration lifetime = answer.get("expires_in") instanceof JsonNumber seconds
                ? Duration.ofSeconds(seconds.longValue()) : DEFAULT_LIFETIME;
        String refresh = answer.get("refresh_token") instanceof JsonString r ? r.getString() : before.refreshToken();
        String scope = answer.get("scope") instanceof JsonString s ? s.getString() : before.scope();
        return new TokenStore.StoredLogin(before.issuer(), before.clientId(), before.tokenEndpoint(),
                before.revocationEndpoint(), access.getString(), refresh, now.plus(lifetime), scope, before.agents(), now);
    }

    /** A tenth of the lifetime before expiry, at least 5 s and at most 60 s. */
    static Instant refreshAt(Instant expiresAt, Instant issuedAt) {
        long lifetime = Math.max(0, Duration.between(issuedAt, expiresAt).toSeconds());
        return expiresAt.minusSeconds(Math.max(5, Math.min(60, lifetime / 10)));
    }

    @Override
    public synchronized String toString() {
        return "OAuthSession[issuer=" + login.issuer() + ", clientId=" + login.clientId() + ", expiresAt="
                + login.expiresAt() + ", refreshable=" + (login.refreshToken() != null) + "]";
    }
}
