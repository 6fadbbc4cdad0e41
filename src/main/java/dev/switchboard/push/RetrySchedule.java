package dev.switchboard.push;

import java.time.Duration;

/**
 * When a failed delivery is tried again: after 1 s, then twice as long after each further failure
 * in a row, at most {@code max} apart; after {@code cutOffAfter} failures in a row the config is
 * cut off and gets nothing more.
 */
public record RetrySchedule(Duration first, Duration max, int cutOffAfter) {
    public static final RetrySchedule DEFAULT = new RetrySchedule(Duration.ofSeconds(1), Duration.ofMinutes(5), 10);

    public RetrySchedule {
        if (first.isNegative() || first.isZero() || max.compareTo(first) < 0 || cutOffAfter < 1) {
            throw new IllegalArgumentException("a retry schedule needs 0 < first <= max and cutOffAfter >= 1");
        }
    }

    /** @param failures failures in a row so far, at least 1 */
    public Duration delayAfter(int failures) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures must be at least 1");
        }
        int doublings = Math.min(failures - 1, 40);
        long millis = first.toMillis();
        for (int i = 0; i < doublings && millis < max.toMillis(); i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, max.toMillis()));
    }

    /** Whether this many failures in a row end deliveries to the config. */
    public boolean isCutOff(int failures) {
        return failures >= cutOffAfter;
    }
}
