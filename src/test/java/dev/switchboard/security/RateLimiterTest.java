package dev.switchboard.security;

import static dev.switchboard.security.Tier.AUTHENTICATED;
import static dev.switchboard.security.Tier.OPERATOR;
import static dev.switchboard.security.Tier.PUBLIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateLimiterTest {
    private static final String NOON = "2025-03-01T12:00:00Z";

    private final MutableClock clock = new MutableClock(NOON);

    private RateLimiter limiter(int publicPerMinute, int authenticatedPerMinute, long daily) {
        return new RateLimiter(Limits.perMinute(publicPerMinute, authenticatedPerMinute, daily), clock);
    }

    private static void assertAllowed(Decision decision) {
        assertTrue(decision.allowed(), decision.toString());
        assertEquals(Duration.ZERO, decision.retryAfter());
        assertNull(decision.refusedBy());
    }

    private static void assertRefused(LimitKind by, long retryAfterSeconds, Decision decision) {
        assertFalse(decision.allowed(), decision.toString());
        assertEquals(by, decision.refusedBy(), decision.toString());
        assertEquals(Duration.ofSeconds(retryAfterSeconds), decision.retryAfter(), decision.toString());
        assertEquals(retryAfterSeconds, decision.retryAfterSeconds());
    }

    @Test
    void windowAdmitsExactlyTheLimitThenRefusesUntilTheOldestRequestLeaves() {
        RateLimiter limiter = limiter(5, 0, 0);
        for (int i = 0; i < 5; i++) {
            assertAllowed(limiter.check("10.0.0.1", PUBLIC));
            clock.advance(Duration.ofSeconds(10));
        }
        // requests at 0, 10, 20, 30, 40 s; now 50 s: the one at 0 s leaves at 60 s
        assertRefused(LimitKind.PER_CALLER, 10, limiter.check("10.0.0.1", PUBLIC));
        clock.advanceMillis(200); // 50.2 s: 9.8 s left, rounded up
        assertRefused(LimitKind.PER_CALLER, 10, limiter.check("10.0.0.1", PUBLIC));
        clock.advanceMillis(800); // 51 s
        assertRefused(LimitKind.PER_CALLER, 9, limiter.check("10.0.0.1", PUBLIC));
        assertEquals(new Counters(5, 3, 0, 1, 5), limiter.snapshot());
    }

    @Test
    void windowSlidesExactlyWhenTheOldestRequestLeaves() {
        RateLimiter limiter = limiter(0, 3, 0);
        clock.set("2025-03-01T12:00:00.500Z");
        assertAllowed(limiter.check("key-1", AUTHENTICATED));
        clock.set("2025-03-01T12:00:20Z");
        assertAllowed(limiter.check("key-1", AUTHENTICATED));
        assertAllowed(limiter.check("key-1", AUTHENTICATED));
        clock.set("2025-03-01T12:00:21Z");
        assertRefused(LimitKind.PER_CALLER, 40, limiter.check("key-1", AUTHENTICATED)); // 39.5 s, up
        clock.set("2025-03-01T12:01:00.499Z");
        assertRefused(LimitKind.PER_CALLER, 1, limiter.check("key-1", AUTHENTICATED)); // 1 ms left
        clock.set("2025-03-01T12:01:00.500Z");
        assertAllowed(limiter.check("key-1", AUTHENTICATED)); // the first request has just left
        // full again: 20 s, 20 s, 60.5 s; the next place frees at 80 s
        assertRefused(LimitKind.PER_CALLER, 20, limiter.check("key-1", AUTHENTICATED));
        clock.set("2025-03-01T12:01:19.999999999Z");
        assertRefused(LimitKind.PER_CALLER, 1, limiter.check("key-1", AUTHENTICATED));
        clock.set("2025-03-01T12:01:20Z");
        assertAllowed(limiter.check("key-1", AUTHENTICATED));
        assertAllowed(limiter.check("key-1", AUTHENTICATED));
        assertRefused(LimitKind.PER_CALLER, 41, limiter.check("key-1", AUTHENTICATED)); // 60.5 + 60 - 80
    }

    @Test
    void aWindowOfOtherLengthUsesThatLength() {
        RateLimiter limiter = new RateLimiter(new Limits(Duration.ofHours(1), 2, 0, 0), clock);
        assertAllowed(limiter.check("a", PUBLIC));
        clock.advance(Duration.ofMinutes(59));
        assertAllowed(limiter.check("a", PUBLIC));
        assertRefused(LimitKind.PER_CALLER, 60, limiter.check("a", PUBLIC));
        clock.advance(Duration.ofMinutes(1));
        assertAllowed(limiter.check("a", PUBLIC));
    }

    @Test
    void zeroMeansNoLimit() {
        RateLimiter limiter = limiter(0, 0, 0);
        for (int i = 0; i < 10_000; i++) {
            assertAllowed(limiter.check("203.0.113.7", PUBLIC));
            assertAllowed(limiter.check("key-" + (i % 3), AUTHENTICATED));
        }
        // no per-caller ceiling: nothing is tracked, but the anonymous share of the day is counted
        assertEquals(new Counters(20_000, 0, 0, 0, 10_000), limiter.snapshot());

        RateLimiter onlyKeys = limiter(0, 2, 0);
        for (int i = 0; i < 100; i++) {
            assertAllowed(onlyKeys.check("anonymous", PUBLIC));
        }
        assertAllowed(onlyKeys.check("key", AUTHENTICATED));
        assertAllowed(onlyKeys.check("key", AUTHENTICATED));
        assertRefused(LimitKind.PER_CALLER, 60, onlyKeys.check("key", AUTHENTICATED));
    }

    @Test
    void theDailyCeilingIsTheAnonymousShareAndNeverHoldsUpKeyHoldersOrTheOperator() {
        RateLimiter limiter = limiter(1, 1, 3);
        for (int i = 0; i < 4; i++) {
            assertAllowed(limiter.check("operator", OPERATOR));
        }
        assertEquals(0, limiter.snapshot().trackedCallers(), "the operator skips the window");
        assertAllowed(limiter.check("10.0.0.1", PUBLIC));
        assertAllowed(limiter.check("10.0.0.2", PUBLIC));
        assertAllowed(limiter.check("10.0.0.3", PUBLIC)); // third anonymous request of the day
        assertRefused(LimitKind.DAILY, 12 * 3600, limiter.check("10.0.0.4", PUBLIC));
        assertAllowed(limiter.check("key", AUTHENTICATED));
        assertAllowed(limiter.check("operator", OPERATOR));
        assertEquals(new Counters(9, 0, 1, 4, 3), limiter.snapshot());
    }

    @Test
    void dailyCeilingResetsAtUtcMidnightAndTellsTheSecondsUntilThen() {
        RateLimiter limiter = limiter(0, 0, 2);
        clock.set("2025-03-01T23:59:30Z");
        assertAllowed(limiter.check("a", PUBLIC));
        assertAllowed(limiter.check("b", PUBLIC));
        assertRefused(LimitKind.DAILY, 30, limiter.check("c", PUBLIC));
        assertAllowed(limiter.check("operator", OPERATOR)); // not counted against the anonymous share
        clock.set("2025-03-01T23:59:59.500Z");
        assertRefused(LimitKind.DAILY, 1, limiter.check("c", PUBLIC));
        assertEquals(2, limiter.snapshot().today());
        clock.set("2025-03-02T00:00:00Z");
        assertEquals(0, limiter.snapshot().today());
        assertAllowed(limiter.check("c", PUBLIC));
        assertAllowed(limiter.check("b", PUBLIC));
        assertRefused(LimitKind.DAILY, 86_400, limiter.check("a", PUBLIC));
        assertEquals(new Counters(5, 0, 3, 0, 2), limiter.snapshot());
    }

    @Test
    void aRefusedRequestConsumesNothing() {
        RateLimiter limiter = limiter(2, 0, 3);
        assertAllowed(limiter.check("a", PUBLIC));
        assertAllowed(limiter.check("a", PUBLIC));
        for (int i = 0; i < 5; i++) {
            assertRefused(LimitKind.PER_CALLER, 60, limiter.check("a", PUBLIC));
        }
        assertEquals(2, limiter.snapshot().today());
        assertAllowed(limiter.check("b", PUBLIC)); // the day's third
        assertRefused(LimitKind.DAILY, 12 * 3600, limiter.check("c", PUBLIC));
        // refused by the day, c's window stays empty and is not even held
        assertEquals(2, limiter.snapshot().trackedCallers());
        clock.set("2025-03-02T00:00:00Z");
        assertAllowed(limiter.check("c", PUBLIC));
        assertAllowed(limiter.check("c", PUBLIC));
    }

    @Test
    void whenBothLimitsRefuseTheLongerWaitIsNamed() {
        RateLimiter limiter = limiter(1, 0, 1);
        clock.set("2025-03-01T23:59:50Z");
        assertAllowed(limiter.check("a", PUBLIC));
        // a: window frees in 60 s, the day in 10 s: a can only retry in 60 s
        assertRefused(LimitKind.PER_CALLER, 60, limiter.check("a", PUBLIC));
        assertRefused(LimitKind.DAILY, 10, limiter.check("b", PUBLIC));

        RateLimiter midday = limiter(1, 0, 1);
        clock.set(NOON);
        assertAllowed(midday.check("a", PUBLIC));
        assertRefused(LimitKind.DAILY, 12 * 3600, midday.check("a", PUBLIC));
    }

    @Test
    void distinctCallersAndTiersAreIndependent() {
        RateLimiter limiter = limiter(2, 2, 0);
        assertAllowed(limiter.check("a", PUBLIC));
        assertAllowed(limiter.check("a", PUBLIC));
        assertRefused(LimitKind.PER_CALLER, 60, limiter.check("a", PUBLIC));
        clock.advance(Duration.ofSeconds(15));
        assertAllowed(limiter.check("b", PUBLIC));
        assertAllowed(limiter.check("b", PUBLIC));
        assertRefused(LimitKind.PER_CALLER, 60, limiter.check("b", PUBLIC));
        assertRefused(LimitKind.PER_CALLER, 45, limiter.check("a", PUBLIC));
        // the same string as a key id is another caller
        assertAllowed(limiter.check("a", AUTHENTICATED));
        assertEquals(3, limiter.snapshot().trackedCallers());
    }

    @Test
    void idleCallersAreEvicted() {
        RateLimiter limiter = limiter(3, 3, 0);
        for (int i = 0; i < 1000; i++) {
            assertAllowed(limiter.check("198.51.100." + i, PUBLIC));
        }
        assertEquals(1000, limiter.snapshot().trackedCallers());
        clock.advance(Duration.ofSeconds(30));
        assertAllowed(limiter.check("busy", AUTHENTICATED));
        assertAllowed(limiter.check("busy", AUTHENTICATED));
        assertAllowed(limiter.check("busy", AUTHENTICATED));
        assertEquals(1001, limiter.snapshot().trackedCallers()); // no sweep before a window has passed
        clock.advance(Duration.ofSeconds(30));
        // 60 s: the sweep in this check forgets the 1000 whose only request has left the window
        assertAllowed(limiter.check("late", PUBLIC));
        assertEquals(2, limiter.snapshot().trackedCallers());
        // the busy caller was kept with its window intact
        assertRefused(LimitKind.PER_CALLER, 30, limiter.check("busy", AUTHENTICATED));
        clock.advance(Duration.ofSeconds(60));
        assertAllowed(limiter.check("last", PUBLIC));
        assertEquals(1, limiter.snapshot().trackedCallers());
    }

    @Test
    void evictionKeepsCallersWhoseRequestsStillCount() {
        RateLimiter limiter = limiter(2, 0, 0);
        assertAllowed(limiter.check("a", PUBLIC));
        clock.advance(Duration.ofSeconds(59));
        assertAllowed(limiter.check("b", PUBLIC));
        assertEquals(0, limiter.evictIdle());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, limiter.evictIdle()); // a's request left at exactly 60 s
        assertEquals(1, limiter.snapshot().trackedCallers());
        clock.advance(Duration.ofSeconds(59));
        assertEquals(1, limiter.evictIdle());
        assertEquals(0, limiter.snapshot().trackedCallers());
    }

    @Test
    void limitsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> Limits.perMinute(-1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> Limits.perMinute(0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> Limits.perMinute(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new Limits(Duration.ZERO, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Limits(Duration.ofSeconds(-1), 1, 1, 1));
        Limits limits = Limits.perMinute(7, 9, 11);
        assertEquals(7, limits.perWindow(Tier.PUBLIC));
        assertEquals(9, limits.perWindow(Tier.AUTHENTICATED));
        assertEquals(0, limits.perWindow(Tier.OPERATOR));
        assertThrows(NullPointerException.class, () -> new RateLimiter(limits, clock).check(null, PUBLIC));
    }

    @Test
    void retryAfterIsWholeSecondsRoundedUpAndAtLeastOne() {
        assertEquals(Duration.ofSeconds(1), Decision.refuse(LimitKind.DAILY, Duration.ZERO).retryAfter());
        assertEquals(Duration.ofSeconds(1), Decision.refuse(LimitKind.DAILY, Duration.ofNanos(1)).retryAfter());
        assertEquals(Duration.ofSeconds(1), Decision.refuse(LimitKind.DAILY, Duration.ofSeconds(1)).retryAfter());
        assertEquals(Duration.ofSeconds(2),
                Decision.refuse(LimitKind.DAILY, Duration.ofSeconds(1).plusNanos(1)).retryAfter());
        assertEquals(Duration.ofSeconds(1), Decision.refuse(LimitKind.DAILY, Duration.ofSeconds(-5)).retryAfter());
        assertThrows(IllegalArgumentException.class,
                () -> new Decision(false, Duration.ofMillis(1500), LimitKind.PER_CALLER));
        assertThrows(IllegalArgumentException.class, () -> new Decision(true, Duration.ofSeconds(1), null));
    }

    @Test
    void aWindowBufferGrowsOnlyAsFarAsTheCallerUsesIt() {
        SlidingWindow window = new SlidingWindow(1000);
        long second = 1_000_000_000L;
        window.record(0, 1000);
        assertEquals(4, window.capacity());
        for (int i = 1; i < 1000; i++) {
            window.record(i, 1000);
        }
        assertEquals(1000, window.capacity()); // capped at the limit, never beyond
        assertEquals(1000, window.size());
        window.expire(60 * second + 500, 60 * second);
        assertEquals(499, window.size());
        assertEquals(0, window.waitNanos(60 * second + 500, 60 * second, 1000));
        window.expire(61 * second, 60 * second);
        assertTrue(window.isEmpty());
        assertEquals(1, new SlidingWindow(1).capacity());
    }

    @Test
    void noNumberOfCallersHoldsMoreThanTheBound() {
        RateLimiter limiter = new RateLimiter(Limits.perMinute(2, 0, 0), clock, 100);
        for (int i = 0; i < 10_000; i++) {
            clock.advance(java.time.Duration.ofMillis(1));
            assertAllowed(limiter.check("fresh-" + i, PUBLIC));
            assertTrue(limiter.snapshot().trackedCallers() <= 100, "tracked " + limiter.snapshot().trackedCallers());
        }
        assertAllowed(limiter.check("fresh-9999", PUBLIC));
        // a caller just seen keeps its window
        assertRefused(LimitKind.PER_CALLER, 60, limiter.check("fresh-9999", PUBLIC));
    }

    @Test
    void waitingTimeCanBeAskedWithoutCountingARequest() {
        RateLimiter limiter = limiter(2, 0, 0);
        assertEquals(java.time.Duration.ZERO, limiter.waitBeforeNext("10.0.0.1", PUBLIC));
        limiter.check("10.0.0.1", PUBLIC);
        assertEquals(java.time.Duration.ZERO, limiter.waitBeforeNext("10.0.0.1", PUBLIC));
        assertEquals(java.time.Duration.ZERO, limiter.waitBeforeNext("10.0.0.1", PUBLIC), "asking counts nothing");
        limiter.check("10.0.0.1", PUBLIC);
        assertEquals(java.time.Duration.ofSeconds(60), limiter.waitBeforeNext("10.0.0.1", PUBLIC));
        assertEquals(java.time.Duration.ZERO, limiter.waitBeforeNext("10.0.0.2", PUBLIC));
    }
}
