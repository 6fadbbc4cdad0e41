package dev.switchboard.security;

/**
 * What the rate limiter has seen since this instance started, for the health endpoint.
 *
 * @param admitted         requests allowed
 * @param refusedPerCaller requests refused by a caller's sliding window
 * @param refusedDaily     requests refused by the daily ceiling
 * @param trackedCallers   callers whose window is currently held in memory
 * @param today            requests admitted during the current UTC day, across all callers
 */
public record Counters(long admitted, long refusedPerCaller, long refusedDaily, int trackedCallers, long today) {

    public long refused() {
        return refusedPerCaller + refusedDaily;
    }
}
