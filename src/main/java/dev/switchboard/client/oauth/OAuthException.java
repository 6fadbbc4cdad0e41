package dev.switchboard.client.oauth;

import dev.switchboard.client.A2AClientException;

/**
 * A login, refresh, revocation or registration did not succeed: the authorization server answered
 * an OAuth error (its code in {@link #error()}), the user did not complete the login in time, or
 * the server's answers were unusable. Never carries a token, code or secret in its message.
 */
public final class OAuthException extends A2AClientException {
    private final String error;

    OAuthException(String message) {
        this(message, null, 0, null);
    }

    OAuthException(String message, String error, int httpStatus, Throwable cause) {
        super(message, httpStatus, cause);
        this.error = error;
    }

    /** The OAuth error code the server answered ({@code invalid_grant}, {@code access_denied}...), or null. */
    public String error() {
        return error;
    }
}
