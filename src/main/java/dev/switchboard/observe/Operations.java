package dev.switchboard.observe;

import dev.switchboard.security.Tier;
import io.micrometer.core.instrument.Timer;

/**
 * Where every A2A operation on every binding is reported as it ends: the request timer by
 * operation, binding and outcome, and the operation log line when it is on. The timers of
 * successful operations are kept at hand, so a request that succeeds costs a lookup in an array
 * and a histogram update; with the log off, nothing is formatted.
 */
public final class Operations {
    static final String REQUESTS = "switchboard.requests";

    private final Metrics metrics;
    private final OperationLog log;
    private final Timer[][] succeeded;

    /** @param log the operation log, or null when it is off */
    public Operations(Metrics metrics, OperationLog log) {
        this.metrics = metrics;
        this.log = log;
        this.succeeded = new Timer[Operation.values().length][Binding.values().length];
    }

    /** Neither metrics nor log: for bindings assembled without them (tests, tools). */
    public static final Operations NONE = new Operations(Metrics.off(), null);

    /**
     * Begins an operation as its request arrives.
     *
     * @param tier        the caller's tier, or null when unknown
     * @param traceparent the request's W3C {@code traceparent} header, or null
     */
    public OperationCall begin(Binding binding, Tier tier, String traceparent) {
        return new OperationCall(this, binding, tier, traceparent);
    }

    /** A limit refused an admitted request (a task quota): a refusal like the rate limit's. */
    void refusedByLimit(String reason) {
        metrics.refused(reason);
    }

    void ended(OperationCall call, String outcome, long nanos) {
        Timer timer;
        if ("ok".equals(outcome)) {
            // made on first use, so that /metrics lists only operations that happened; a race
            // makes the same timer twice, which the registry answers with the one it holds
            Timer[] byBinding = succeeded[call.operation().ordinal()];
            timer = byBinding[call.binding().ordinal()];
            if (timer == null) {
                timer = timer(call.operation(), call.binding(), outcome);
                byBinding[call.binding().ordinal()] = timer;
            }
        } else {
            timer = timer(call.operation(), call.binding(), outcome);
        }
        timer.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        if (log != null) {
            log.write(call, outcome, nanos);
        }
    }

    private Timer timer(Operation operation, Binding binding, String outcome) {
        return Timer.builder(REQUESTS).description("A2A operations by operation, binding and outcome (ok or the A2A error reason)")
                .tags("operation", operation.label(), "binding", binding.label(), "outcome", outcome)
                .serviceLevelObjectives(Metrics.LATENCY_BUCKETS).register(metrics.registry());
    }
}
