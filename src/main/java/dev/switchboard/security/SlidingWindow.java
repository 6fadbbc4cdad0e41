package dev.switchboard.security;

import java.util.Arrays;

/**
 * One caller's exact sliding window: the times (epoch nanoseconds) of the requests it made in the
 * last window, oldest first, in a ring buffer that grows on demand and never holds more than the
 * caller's limit. A request made at {@code t} counts while {@code now < t + window} and leaves the
 * window at exactly {@code t + window}.
 *
 * <p>Not thread-safe: the rate limiter only touches a window while holding its map entry.
 */
final class SlidingWindow {
    private static final int INITIAL_CAPACITY = 4;

    private long[] times;
    private int head;
    private int size;

    SlidingWindow(int limit) {
        times = new long[Math.min(limit, INITIAL_CAPACITY)];
    }

    /** Drops the requests that have left the window. */
    void expire(long now, long window) {
        while (size > 0 && now - times[head] >= window) {
            head = (head + 1) % times.length;
            size--;
        }
    }

    /**
     * Nanoseconds until the window has room for one more request; zero if it has room now.
     * Call {@link #expire} first.
     */
    long waitNanos(long now, long window, int limit) {
        if (size < limit) {
            return 0;
        }
        // the oldest counted request is the one whose departure frees a place
        return Math.max(1, times[head] + window - now);
    }

    /** Counts a request made at {@code now}; the caller has checked there is room. */
    void record(long now, int limit) {
        if (size == times.length) {
            grow(limit);
        }
        times[(head + size) % times.length] = now;
        size++;
    }

    /** True when no request is counted any more: the window can be forgotten. */
    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /**
     * The time of the newest counted request, or {@code Long.MIN_VALUE} when none is: how recently
     * the caller was active. May be read without the map entry's lock, for an approximate choice of
     * whom to forget; the index stays within the array read, whatever a concurrent writer does.
     */
    long newest() {
        long[] current = times;
        int count = size;
        return count == 0 ? Long.MIN_VALUE : current[Math.floorMod(head + count - 1, current.length)];
    }

    int capacity() {
        return times.length;
    }

    private void grow(int limit) {
        int capacity = (int) Math.min(limit, Math.max(INITIAL_CAPACITY, 2L * times.length));
        if (capacity <= times.length) {
            throw new IllegalStateException("window full: " + size + " of " + limit);
        }
        long[] grown = new long[capacity];
        for (int i = 0; i < size; i++) {
            grown[i] = times[(head + i) % times.length];
        }
        times = grown;
        head = 0;
    }

    @Override
    public String toString() {
        long[] ordered = new long[size];
        for (int i = 0; i < size; i++) {
            ordered[i] = times[(head + i) % times.length];
        }
        return "SlidingWindow" + Arrays.toString(ordered);
    }
}
