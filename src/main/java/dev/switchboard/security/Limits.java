package dev.switchboard.security;

import java.time.Duration;
import java.util.Objects;

/**
 * The request limits the server enforces.
 *
 * @param window         length of the per-caller sliding window (positive)
 * @param publicPerWindow requests an anonymous ({@link Tier#PUBLIC}) caller may make per window;
 *                       zero means no per-caller ceiling for anonymous callers
 * @param authenticatedPerWindow requests a key ({@link Tier#AUTHENTICATED}) caller may make per
 *                       window; zero means no per-caller ceiling for key callers
 * @param dailyCeiling   requests per UTC day across all callers, the operator included; zero means
 *                       no daily ceiling
 */
public record Limits(Duration window, int publicPerWindow, int authenticatedPerWindow, long dailyCeiling) {

    /** No limit at all. */
    public static final Limits NONE = new Limits(Duration.ofMinutes(1), 0, 0, 0);

    public Limits {
        Objects.requireNonNull(window, "window");
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive: " + window);
        }
        if (publicPerWindow < 0 || authenticatedPerWindow < 0 || dailyCeiling < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    /** Per-minute windows: the usual shape. */
    public static Limits perMinute(int publicPerMinute, int authenticatedPerMinute, long dailyCeiling) {
        return new Limits(Duration.ofMinutes(1), publicPerMinute, authenticatedPerMinute, dailyCeiling);
    }

    /**
     * Requests per window for a tier; zero means no per-caller ceiling. Always zero for
     * {@link Tier#OPERATOR}, which skips the per-caller window.
     */
    public int perWindow(Tier tier) {
        return switch (Objects.requireNonNull(tier, "tier")) {
            case PUBLIC -> publicPerWindow;
            case AUTHENTICATED -> authenticatedPerWindow;
            case OPERATOR -> 0;
        };
    }
}
