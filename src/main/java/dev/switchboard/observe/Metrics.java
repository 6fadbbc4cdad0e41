package dev.switchboard.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The server's meters, in one Micrometer registry that {@code /metrics} writes in the Prometheus
 * text format. Meters the hot paths touch are made once here, so counting is an atomic add. When
 * metrics are off, every meter is Micrometer's no-op and nothing is kept.
 */
public final class Metrics {
    /** Latency buckets: from a cached read (ms) to a blocking send that waited for its agent (s). */
    static final Duration[] LATENCY_BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
            Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(30)};

    private final MeterRegistry registry;
    private final PrometheusMeterRegistry prometheus;
    private final Counter delivered;
    private final Counter retried;
    private final Counter cutOff;
    private final Timer commits;
    private final DistributionSummary commitEvents;

    private Metrics(MeterRegistry registry, PrometheusMeterRegistry prometheus) {
        this.registry = registry;
        this.prometheus = prometheus;
        this.delivered = pushCounter("delivered");
        this.retried = pushCounter("retried");
        this.cutOff = pushCounter("cut_off");
        this.commits = Timer.builder("switchboard.store.commit")
                .description("Task store commits: how long each took to be durable")
                .serviceLevelObjectives(LATENCY_BUCKETS).register(registry());
        this.commitEvents = DistributionSummary.builder("switchboard.store.commit.events")
                .description("Events written per task store commit (the batch size of a group commit)")
                .serviceLevelObjectives(1, 2, 4, 8, 16, 32, 64).register(registry());
    }

    /** Metrics kept and served. */
    public static Metrics on() {
        return new Metrics(null, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /** Nothing kept: every meter is a no-op. */
    public static Metrics off() {
        SimpleMeterRegistry none = new SimpleMeterRegistry();
        none.config().meterFilter(MeterFilter.deny());
        return new Metrics(none, null);
    }

    public boolean isOn() {
        return prometheus != null;
    }

    MeterRegistry registry() {
        return prometheus != null ? prometheus : registry;
    }

    /** A value read at each scrape (open streams, running agents...). */
    public void gauge(String name, String description, Supplier<Number> value) {
        Gauge.builder(name, value).description(description).strongReference(true).register(registry());
    }

    /** A push notification was accepted by its webhook. */
    public void pushDelivered() {
        delivered.increment();
    }

    /** A push notification failed and will be tried again. */
    public void pushRetried() {
        retried.increment();
    }

    /** A push notification was given up on (attempts spent, or the webhook refused for good). */
    public void pushCutOff() {
        cutOff.increment();
    }

    /** A store commit became durable after {@code nanos} with {@code events} events in it. */
    public void storeCommit(long nanos, int events) {
        commits.record(nanos, TimeUnit.NANOSECONDS);
        commitEvents.record(events);
    }

    /**
     * A task entered a state on this instance (created in it, or changed to it). A counter rather
     * than a gauge of the store's rows: it costs no query, and {@code rate()} of it is what
     * dashboards chart; how many tasks the store holds is {@code /health}'s business.
     */
    public void taskEntered(String state) {
        Counter.builder("switchboard.tasks").description("Tasks that entered each state on this instance")
                .tag("state", state).register(registry()).increment();
    }

    /** A request refused by a limit, by the reason its answer names (RATE_LIMITED, DAILY_CEILING...). */
    public void refused(String reason) {
        Counter.builder("switchboard.limit.refusals").description("Requests refused by a rate limit, by reason")
                .tag("reason", reason).register(registry()).increment();
    }

    /** Writes every meter in the Prometheus text format (version 0.0.4). */
    public void scrape(OutputStream out) throws IOException {
        if (prometheus != null) {
            PrometheusTextFormatWriter.create().write(out, prometheus.getPrometheusRegistry().scrape());
        }
    }

    /** The media type of {@link #scrape}. */
    public static String contentType() {
        return PrometheusTextFormatWriter.CONTENT_TYPE;
    }

    private Counter pushCounter(String result) {
        return Counter.builder("switchboard.push.deliveries")
                .description("Push notification deliveries, by result: delivered, retried, cut_off")
                .tag("result", result).register(registry());
    }
}
