package dev.switchboard.security;

import static dev.switchboard.security.Tier.OPERATOR;
import static dev.switchboard.security.Tier.PUBLIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RateLimiterConcurrencyTest {
    private static final int THREADS = 8;
    private static final int CHECKS = 1000;

    private final MutableClock clock = new MutableClock("2025-03-01T12:00:00Z");
    private final ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    /** Runs {@code check(thread * CHECKS + i)} on every thread at once; returns how many were allowed. */
    private int hammer(IntPredicate check) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            Callable<Integer> task = () -> {
                start.await();
                int allowed = 0;
                for (int i = 0; i < CHECKS; i++) {
                    if (check.test(thread * CHECKS + i)) {
                        allowed++;
                    }
                }
                return allowed;
            };
            results.add(pool.submit(task));
        }
        start.countDown();
        int allowed = 0;
        for (Future<Integer> result : results) {
            allowed += result.get(30, TimeUnit.SECONDS);
        }
        return allowed;
    }

    @Test
    void oneCallerFromManyThreadsGetsExactlyItsLimit() throws Exception {
        RateLimiter limiter = new RateLimiter(Limits.perMinute(100, 0, 0), clock);
        assertEquals(100, hammer(n -> limiter.check("10.0.0.1", PUBLIC).allowed()));
        assertEquals(new Counters(100, THREADS * CHECKS - 100, 0, 1, 100), limiter.snapshot());
    }

    @Test
    void theDailyCeilingHoldsAcrossThreads() throws Exception {
        RateLimiter limiter = new RateLimiter(Limits.perMinute(0, 0, 100), clock);
        assertEquals(100, hammer(n -> limiter.check("203.0.113.7", PUBLIC).allowed()));
        assertEquals(new Counters(100, 0, THREADS * CHECKS - 100, 0, 100), limiter.snapshot());
    }

    @Test
    void manyCallersUnderBothLimits() throws Exception {
        int callers = 50;
        RateLimiter limiter = new RateLimiter(Limits.perMinute(10, 0, 300), clock);
        AtomicIntegerArray perCaller = new AtomicIntegerArray(callers);
        int allowed = hammer(n -> {
            int caller = n % callers;
            boolean ok = limiter.check("c" + caller, PUBLIC).allowed();
            if (ok) {
                perCaller.incrementAndGet(caller);
            }
            return ok;
        });
        assertEquals(300, allowed);
        for (int c = 0; c < callers; c++) {
            assertTrue(perCaller.get(c) <= 10, "caller " + c + " got " + perCaller.get(c));
        }
        Counters counters = limiter.snapshot();
        assertEquals(300, counters.today());
        assertEquals(THREADS * CHECKS - 300, counters.refused());
    }

    @Test
    void evictionRacingWithChecksNeverAdmitsTwiceInAWindow() throws Exception {
        RateLimiter limiter = new RateLimiter(Limits.perMinute(1, 0, 0), clock);
        for (int round = 0; round < 50; round++) {
            String caller = "caller-" + round;
            assertTrue(limiter.check(caller, PUBLIC).allowed());
            // the request leaves the window exactly now: the caller is idle and may be swept
            // while every thread tries to make its next request
            clock.advance(Duration.ofMinutes(1));
            AtomicBoolean running = new AtomicBoolean(true);
            Future<?> sweeper = pool.submit(() -> {
                while (running.get()) {
                    limiter.evictIdle();
                }
            });
            try {
                assertEquals(1, hammer(n -> limiter.check(caller, PUBLIC).allowed()), "round " + round);
            } finally {
                running.set(false);
                sweeper.get(30, TimeUnit.SECONDS);
            }
        }
    }
}
