package dev.switchboard.security;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The server-wide count of requests admitted during the current UTC day, and its ceiling (zero:
 * no ceiling, the count is still kept for the health endpoint). Lock-free: one compare-and-set per
 * admitted request. The count starts again at the first request of a new UTC day; a clock that
 * steps back across midnight does not bring an earlier day back.
 */
final class DailyCeiling {
    private record Day(long epochDay, long count) { }

    private static final long SECONDS_PER_DAY = 86_400;

    private final long ceiling;
    private final AtomicReference<Day> today = new AtomicReference<>(new Day(Long.MIN_VALUE, 0));

    DailyCeiling(long ceiling) {
        this.ceiling = ceiling;
    }

    /** Counts one request if the ceiling allows it. */
    boolean tryConsume(Instant now) {
        long epochDay = epochDay(now);
        while (true) {
            Day current = today.get();
            long count = epochDay > current.epochDay() ? 0 : current.count();
            long day = Math.max(epochDay, current.epochDay());
            if (ceiling > 0 && count >= ceiling) {
                return false;
            }
            if (today.compareAndSet(current, new Day(day, count + 1))) {
                return true;
            }
        }
    }

    /** Whether the ceiling is reached for the day of {@code now} (advisory under concurrency). */
    boolean exhausted(Instant now) {
        return ceiling > 0 && count(now) >= ceiling;
    }

    /** Requests admitted during the UTC day of {@code now}. */
    long count(Instant now) {
        Day current = today.get();
        return epochDay(now) > current.epochDay() ? 0 : current.count();
    }

    /** Time from {@code now} until the next UTC midnight, when the count starts again. */
    static Duration untilMidnight(Instant now) {
        Instant midnight = LocalDate.ofEpochDay(epochDay(now) + 1).atStartOfDay().toInstant(ZoneOffset.UTC);
        return Duration.between(now, midnight);
    }

    private static long epochDay(Instant now) {
        return Math.floorDiv(now.getEpochSecond(), SECONDS_PER_DAY);
    }
}
