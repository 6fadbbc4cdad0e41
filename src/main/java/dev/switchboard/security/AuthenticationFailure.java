package dev.switchboard.security;

/**
 * A credential was presented and refused. The reason is for the client (it says what to fix);
 * the credential itself never appears in it. Most refusals are 401; a valid token that lacks a
 * scope this server requires is 403 {@code insufficient_scope} (RFC 6750, section 3.1), and a
 * token that cannot be checked because its issuer cannot be reached is 503.
 */
public final class AuthenticationFailure extends RuntimeException {
    /** The reason of a valid token that lacks a required scope. */
    public static final String INSUFFICIENT_SCOPE = "INSUFFICIENT_SCOPE";
    /** The reason of a token that could not be checked because its issuer's keys cannot be fetched. */
    public static final String ISSUER_UNAVAILABLE = "ISSUER_UNAVAILABLE";

    private final String reason;
    private final String scope;

    public AuthenticationFailure(String reason, String message) {
        this(reason, message, null);
    }

    private AuthenticationFailure(String reason, String message, String scope) {
        super(message, null, false, false);
        this.reason = reason;
        this.scope = scope;
    }

    /** @param scope the scopes needed, space-separated as RFC 6750's {@code scope} attribute wants them */
    public static AuthenticationFailure insufficientScope(String scope) {
        return new AuthenticationFailure(INSUFFICIENT_SCOPE, "The access token lacks a scope this agent requires: "
                + scope, scope);
    }

    /** UPPER_SNAKE_CASE, e.g. {@code EXPIRED}, {@code BAD_SIGNATURE}. */
    public String reason() {
        return reason;
    }

    /** The scopes needed, for an {@link #INSUFFICIENT_SCOPE} refusal; else null. */
    public String scope() {
        return scope;
    }

    /** The HTTP status of this refusal. */
    public int status() {
        return switch (reason) {
            case INSUFFICIENT_SCOPE -> 403;
            case ISSUER_UNAVAILABLE -> 503;
            default -> 401;
        };
    }
}
