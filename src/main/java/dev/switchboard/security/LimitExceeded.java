package dev.switchboard.security;

/**
 * A limit refused a request after it had been admitted at the door (a task quota, say): answered
 * like every other limit, 429 with {@code Retry-After}, by whichever binding the request came in.
 */
public final class LimitExceeded extends RuntimeException {
    private final String reason;
    private final long retryAfterSeconds;

    /** @param reason UPPER_SNAKE_CASE, the ErrorInfo reason of the answer */
    public LimitExceeded(String reason, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.reason = reason;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public String reason() {
        return reason;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
