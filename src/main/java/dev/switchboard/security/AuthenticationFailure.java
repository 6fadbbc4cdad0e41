package dev.switchboard.security;

/**
 * A credential was presented and refused. The reason is for the client (it says what to fix);
 * the credential itself never appears in it.
 */
public final class AuthenticationFailure extends RuntimeException {
    private final String reason;

    public AuthenticationFailure(String reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    /** UPPER_SNAKE_CASE, e.g. {@code EXPIRED}, {@code BAD_SIGNATURE}. */
    public String reason() {
        return reason;
    }
}
