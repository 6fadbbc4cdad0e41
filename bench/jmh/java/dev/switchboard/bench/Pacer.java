package dev.switchboard.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Spreads a load's calls over time at a fixed total rate ({@code LOAD_RATE} calls per second,
 * shared evenly by the workers), so two bindings can be compared at the same request rate: the
 * store's commits are shared by the calls that arrive together, so the CPU a call costs depends
 * on the rate. A worker that falls behind calls at once and does not catch up in a burst.
 */
final class Pacer {
    private final long intervalNanos;
    private final long[] next;

    /** @param rate calls per second in all, or 0 or less for no pacing */
    Pacer(double rate, int workers) {
        this.intervalNanos = rate <= 0 ? 0 : (long) (TimeUnit.SECONDS.toNanos(1) * workers / rate);
        this.next = new long[workers];
        long start = System.nanoTime();
        for (int w = 0; w < workers; w++) {
            next[w] = start + (intervalNanos * w) / Math.max(1, workers); // staggered, not all at once
        }
    }

    static Pacer fromEnvironment(int workers) {
        String rate = System.getenv("LOAD_RATE");
        return new Pacer(rate == null || rate.isBlank() ? 0 : Double.parseDouble(rate), workers);
    }

    /** Waits for the worker's next turn; called by that worker only. */
    void await(int worker) {
        if (intervalNanos == 0) {
            return;
        }
        long now = System.nanoTime();
        if (next[worker] > now) {
            LockSupport.parkNanos(next[worker] - now);
            next[worker] += intervalNanos;
        } else {
            next[worker] = now + intervalNanos;
        }
    }
}
