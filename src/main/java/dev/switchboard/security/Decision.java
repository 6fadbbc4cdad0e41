package dev.switchboard.security;

import java.time.Duration;
import java.util.Objects;

/**
 * The answer to one rate-limit check.
 *
 * @param allowed    whether the request may proceed (and was counted)
 * @param retryAfter when a refused request may be retried: whole seconds, at least one;
 *                   {@link Duration#ZERO} when allowed
 * @param refusedBy  the limit that refused the request; {@code null} when allowed
 */
public record Decision(boolean allowed, Duration retryAfter, LimitKind refusedBy) {

    private static final Decision ALLOWED = new Decision(true, Duration.ZERO, null);

    public Decision {
        Objects.requireNonNull(retryAfter, "retryAfter");
        if (allowed) {
            if (!retryAfter.isZero() || refusedBy != null) {
                throw new IllegalArgumentException("an allowed request has no retry delay or refusing limit");
            }
        } else {
            Objects.requireNonNull(refusedBy, "refusedBy");
            if (retryAfter.getSeconds() < 1 || retryAfter.getNano() != 0) {
                throw new IllegalArgumentException("retryAfter must be whole seconds, at least one: " + retryAfter);
            }
        }
    }

    public static Decision allow() {
        return ALLOWED;
    }

    /** A refusal; the delay is rounded up to whole seconds and to at least one second. */
    public static Decision refuse(LimitKind by, Duration wait) {
        return new Decision(false, Duration.ofSeconds(ceilSeconds(wait)), by);
    }

    /** The value of an HTTP {@code Retry-After} header for a refusal (0 when allowed). */
    public long retryAfterSeconds() {
        return retryAfter.getSeconds();
    }

    static long ceilSeconds(Duration wait) {
        long seconds = wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
        return Math.max(1, seconds);
    }
}
