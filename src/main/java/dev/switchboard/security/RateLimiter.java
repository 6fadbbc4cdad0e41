package dev.switchboard.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decides whether a request may proceed, under two limits:
 * <ul>
 * <li><b>Per caller</b>: an exact sliding window per caller and tier. {@link Tier#PUBLIC} callers
 * (keyed by client address) and {@link Tier#AUTHENTICATED} callers (keyed by key id) may each make
 * {@link Limits#perWindow(Tier)} requests in any window of length {@link Limits#window()}; zero means
 * no ceiling. {@link Tier#OPERATOR} callers skip this limit.</li>
 * <li><b>Daily</b>: at most {@link Limits#dailyCeiling()} requests per UTC day from all
 * {@link Tier#PUBLIC} callers together; zero means no ceiling. It is the anonymous share of the
 * server: key holders and the operator are not counted against it, so anonymous traffic can never
 * lock them out.</li>
 * </ul>
 *
 * <p><b>Window scheme.</b> Each caller has a ring buffer of the times of its counted requests, capped
 * at its limit, so the count is exact (no approximation): a request made at {@code t} counts until
 * exactly {@code t + window}. When the window is full, the refusal's Retry-After is the time until
 * the oldest counted request leaves the window, rounded up to whole seconds. The buffer starts small
 * and grows to the limit only for callers that use it.
 *
 * <p><b>Memory.</b> A caller whose requests have all left the window holds no information and is
 * evicted: by a sweep that runs during {@link #check} at most once per window length, so once a
 * caller has been idle for two window lengths the next check forgets it. At most
 * {@code maxTracked} callers are tracked whatever their number: a new caller beyond that first
 * sweeps the idle ones, then displaces the one that called least recently among a sample (a
 * displaced caller starts a fresh window: the bound costs exactness only when more callers than
 * that are active at once). Each window holds at most {@code limit} timestamps (8 bytes each). A caller refused by the daily ceiling before it
 * made any request holds nothing. Operators and tiers without a per-caller ceiling hold no
 * per-caller state. A sweep is one pass over the tracked callers, so its cost per check is
 * amortised over a window's worth of checks.
 *
 * <p><b>Scope.</b> All state is in memory: counters start again when the server restarts, and each
 * server instance counts only the requests it receives (limits are per instance, not cluster-wide).
 *
 * <p><b>Threads.</b> Safe for concurrent use. A caller's window is only read and updated inside an
 * atomic compute on its map entry, and the daily count is a compare-and-set, so concurrent checks
 * never admit more than a limit allows. A request refused by either limit consumes nothing.
 */
public final class RateLimiter {
    /** Map key: the same caller key under two tiers has two windows. */
    private record CallerId(Tier tier, String key) { }

    /** Callers tracked at most, by default: about 10 MB of windows at the default limits. */
    public static final int DEFAULT_MAX_TRACKED = 100_000;
    private static final int EVICTION_SAMPLE = 16;

    private final Limits limits;
    private final Clock clock;
    private final long windowNanos;
    private final ConcurrentHashMap<CallerId, SlidingWindow> windows = new ConcurrentHashMap<>();
    private final DailyCeiling daily;
    private final AtomicLong nextSweep;
    private final LongAdder admitted = new LongAdder();
    private final LongAdder refusedPerCaller = new LongAdder();
    private final LongAdder refusedDaily = new LongAdder();
    private final int maxTracked;

    public RateLimiter(Limits limits, Clock clock) {
        this(limits, clock, DEFAULT_MAX_TRACKED);
    }

    /** @param maxTracked the most callers whose windows are kept at once */
    public RateLimiter(Limits limits, Clock clock, int maxTracked) {
        if (maxTracked < 1) {
            throw new IllegalArgumentException("maxTracked must be positive: " + maxTracked);
        }
        this.maxTracked = maxTracked;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.windowNanos = limits.window().toNanos();
        this.daily = new DailyCeiling(limits.dailyCeiling());
        this.nextSweep = new AtomicLong(nanos(clock.instant()) + windowNanos);
    }

    public Limits limits() {
        return limits;
    }

    /**
     * Checks one request and, when it is allowed, counts it against the caller's window and the
     * daily ceiling.
     *
     * @param callerKey who is calling: the key id of a key caller, the address block of an
     *                  anonymous one (see {@link AddressBlock}; ignored for the operator)
     * @param tier      the caller's tier
     */
    public Decision check(String callerKey, Tier tier) {
        Objects.requireNonNull(callerKey, "callerKey");
        Objects.requireNonNull(tier, "tier");
        Instant now = clock.instant();
        long nowNanos = nanos(now);
        sweepIfDue(nowNanos);
        int limit = limits.perWindow(tier);
        boolean daily = tier == Tier.PUBLIC;
        Decision decision;
        if (limit == 0) {
            decision = daily ? checkDaily(now) : Decision.allow();
        } else {
            CallerId caller = new CallerId(tier, callerKey);
            makeRoomFor(caller, nowNanos);
            decision = checkWindow(caller, limit, now, nowNanos, daily);
        }
        count(decision);
        return decision;
    }

    /**
     * How long the caller must wait before its next request is allowed, without counting one:
     * zero when it may call now. For a gate that counts only some outcomes (failed credentials).
     */
    public Duration waitBeforeNext(String callerKey, Tier tier) {
        int limit = limits.perWindow(tier);
        SlidingWindow window = limit == 0 ? null : windows.get(new CallerId(tier, callerKey));
        if (window == null) {
            return Duration.ZERO;
        }
        long nowNanos = nanos(clock.instant());
        long[] wait = {0};
        windows.computeIfPresent(new CallerId(tier, callerKey), (id, w) -> {
            w.expire(nowNanos, windowNanos);
            wait[0] = w.waitNanos(nowNanos, windowNanos, limit);
            return w.isEmpty() ? null : w;
        });
        return wait[0] == 0 ? Duration.ZERO : Duration.ofSeconds(Decision.ceilSeconds(Duration.ofNanos(wait[0])));
    }

    /** Counters for the health endpoint. */
    public Counters snapshot() {
        return new Counters(admitted.sum(), refusedPerCaller.sum(), refusedDaily.sum(), windows.size(),
                daily.count(clock.instant()));
    }

    /** Forgets every caller whose requests have all left the window; returns how many. */
    int evictIdle() {
        return evictIdle(nanos(clock.instant()));
    }

    private Decision checkDaily(Instant now) {
        return daily.tryConsume(now) ? Decision.allow() : Decision.refuse(LimitKind.DAILY, DailyCeiling.untilMidnight(now));
    }

    private Decision checkWindow(CallerId caller, int limit, Instant now, long nowNanos, boolean countsDaily) {
        Decision[] result = new Decision[1];
        windows.compute(caller, (id, window) -> {
            SlidingWindow w = window != null ? window : new SlidingWindow(limit);
            w.expire(nowNanos, windowNanos);
            long wait = w.waitNanos(nowNanos, windowNanos, limit);
            if (wait > 0) {
                result[0] = refusal(wait, now, countsDaily);
            } else if (!countsDaily || daily.tryConsume(now)) {
                w.record(nowNanos, limit);
                result[0] = Decision.allow();
            } else {
                result[0] = Decision.refuse(LimitKind.DAILY, DailyCeiling.untilMidnight(now));
            }
            return w.isEmpty() ? null : w;
        });
        return result[0];
    }

    /**
     * The window is full. If the daily ceiling is reached too, the request cannot succeed before
     * both have passed: name whichever limit keeps it refused longer.
     */
    private Decision refusal(long windowWait, Instant now, boolean countsDaily) {
        Duration untilWindow = Duration.ofNanos(windowWait);
        if (countsDaily && daily.exhausted(now)) {
            Duration untilMidnight = DailyCeiling.untilMidnight(now);
            if (untilMidnight.compareTo(untilWindow) > 0) {
                return Decision.refuse(LimitKind.DAILY, untilMidnight);
            }
        }
        return Decision.refuse(LimitKind.PER_CALLER, untilWindow);
    }

    private void count(Decision decision) {
        if (decision.allowed()) {
            admitted.increment();
        } else if (decision.refusedBy() == LimitKind.PER_CALLER) {
            refusedPerCaller.increment();
        } else {
            refusedDaily.increment();
        }
    }

    /**
     * Keeps the number of tracked callers within its bound before a new one is added: idle callers
     * go first; if none is idle, the least recently active of a sample makes room.
     */
    private void makeRoomFor(CallerId caller, long nowNanos) {
        if (windows.size() < maxTracked || windows.containsKey(caller)) {
            return;
        }
        evictIdle(nowNanos);
        while (windows.size() >= maxTracked) {
            CallerId oldest = null;
            long oldestLast = Long.MAX_VALUE;
            int sampled = 0;
            for (var entry : windows.entrySet()) {
                long last = entry.getValue().newest();
                if (last < oldestLast) {
                    oldestLast = last;
                    oldest = entry.getKey();
                }
                if (++sampled == EVICTION_SAMPLE) {
                    break;
                }
            }
            if (oldest == null) {
                return;
            }
            windows.remove(oldest);
        }
    }

    /** Runs a sweep at most once per window length, in whichever check first finds it due. */
    private void sweepIfDue(long nowNanos) {
        long due = nextSweep.get();
        if (nowNanos >= due && nextSweep.compareAndSet(due, nowNanos + windowNanos)) {
            evictIdle(nowNanos);
        }
    }

    private int evictIdle(long nowNanos) {
        int[] evicted = {0};
        for (CallerId caller : windows.keySet()) {
            // atomic per entry: a concurrent check either sees the window before it is removed
            // or creates a fresh one after; it never counts into a window that is gone
            windows.computeIfPresent(caller, (id, w) -> {
                w.expire(nowNanos, windowNanos);
                if (w.isEmpty()) {
                    evicted[0]++;
                    return null;
                }
                return w;
            });
        }
        return evicted[0];
    }

    private static long nanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }
}
