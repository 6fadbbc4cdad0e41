package dev.switchboard.web;

import dev.switchboard.security.Counters;
import dev.switchboard.store.StoreOpening;
import dev.switchboard.config.RetentionSettings;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** {@code GET /health}: liveness for load balancers and container health checks. */
@Path("health")
public final class HealthResource {
    private final Switchboard switchboard;

    public HealthResource(Switchboard switchboard) {
        this.switchboard = switchboard;
    }

    /**
     * The server's state.
     *
     * @param status        {@code UP} while the server accepts work; {@code STARTING} while its task
     *                      store opens, {@code DOWN} when the store could not be opened (both 503)
     * @param version       build version of the server
     * @param cardVersion   the agent version published on the card
     * @param startedAt     when this instance started
     * @param uptimeSeconds whole seconds since then
     * @param runningAgents  skills working on a message now
     * @param openStreams    event streams open to clients
     * @param requests       the rate limiter's counters since start-up (per instance)
     * @param store          what the task store holds, as last measured; absent while it opens
     * @param retention      how long tasks are kept
     */
    @JsonbPropertyOrder({"status", "version", "cardVersion", "startedAt", "uptimeSeconds", "runningAgents",
            "openStreams", "requests", "store", "retention"})
    public record Health(String status, String version, String cardVersion, Instant startedAt, long uptimeSeconds,
                         int runningAgents, int openStreams, Requests requests, Store store, Retention retention) {
    }

    /**
     * The task store, measured by the retention thread after each of its rounds (a health check
     * costs nothing).
     *
     * @param bytes          the H2 file's size, or the PostgreSQL database's; absent when unknown
     * @param oldestTask     when the oldest task kept was created; absent when there is none
     * @param deletedTasks   tasks deleted for their age or the maximum since start-up
     * @param measuredAt     when the figures were taken
     */
    @JsonbPropertyOrder({"bytes", "oldestTask", "deletedTasks", "measuredAt"})
    public record Store(Long bytes, Instant oldestTask, long deletedTasks, Instant measuredAt) {
    }

    /**
     * The retention in force; 0 keeps tasks forever, or sets no maximum.
     *
     * @param minutes            terminal tasks are kept this long after their last status change
     * @param interruptedMinutes input-required and auth-required tasks likewise
     * @param maxTasks           most tasks kept; the oldest terminal ones go first beyond it
     */
    @JsonbPropertyOrder({"minutes", "interruptedMinutes", "maxTasks"})
    public record Retention(BigDecimal minutes, BigDecimal interruptedMinutes, long maxTasks) {
    }

    private Store store() {
        return switchboard.storeFigures().map(figures -> new Store(figures.bytes() < 0 ? null : figures.bytes(),
                figures.oldestTask(), figures.deleted(), figures.measuredAt().truncatedTo(ChronoUnit.MILLIS))).orElse(null);
    }

    private Retention retention() {
        RetentionSettings retention = switchboard.settings().retention();
        return new Retention(minutes(retention.terminalAge()), minutes(retention.interruptedAge()),
                retention.maxTasks());
    }

    /** Whole minutes print as integers (10080), shorter ages as decimals (0.05). */
    static BigDecimal minutes(Duration age) {
        BigDecimal minutes = BigDecimal.valueOf(age.toMillis())
                .divide(BigDecimal.valueOf(60_000), 5, RoundingMode.HALF_UP).stripTrailingZeros();
        return minutes.scale() < 0 ? minutes.setScale(0) : minutes;
    }

    /** Rate-limiter counters: requests admitted and refused since start-up, callers tracked now. */
    @JsonbPropertyOrder({"admitted", "refusedPerCaller", "refusedDaily", "trackedCallers", "today"})
    public record Requests(long admitted, long refusedPerCaller, long refusedDaily, long trackedCallers, long today) {
    }

    private Requests requests() {
        Counters counters = switchboard.rateLimiter().snapshot();
        return new Requests(counters.admitted(), counters.refusedPerCaller(), counters.refusedDaily(),
                counters.trackedCallers(), counters.today());
    }

    /**
     * A probe's answer in MicroProfile Health's shape, which Payara and Kubernetes users know.
     *
     * @param status {@code UP} or {@code DOWN}
     * @param checks what was checked, each with its own status
     */
    @JsonbPropertyOrder({"status", "checks"})
    public record Probe(String status, List<Check> checks) {
    }

    /** One check of a probe. */
    @JsonbPropertyOrder({"name", "status"})
    public record Check(String name, String status) {
    }

    /** {@code GET /health/live}: the process serves requests; an orchestrator restarts it when this fails. */
    @GET
    @Path("live")
    @Produces(MediaType.APPLICATION_JSON)
    public Response live() {
        return probe(true, new Check("server", "UP"));
    }

    /**
     * {@code GET /health/ready}: the task store is open and the API started (this answer comes from
     * it), so task calls are served; 503 until then, and when the store could not be opened.
     */
    @GET
    @Path("ready")
    @Produces(MediaType.APPLICATION_JSON)
    public Response ready() {
        return readiness(switchboard.storeState());
    }

    static Response readiness(StoreOpening.State store) {
        boolean open = store == StoreOpening.State.OPEN;
        return probe(open, new Check("task-store", open ? "UP" : "DOWN"));
    }

    private static Response probe(boolean up, Check check) {
        return Response.status(up ? 200 : 503).entity(new Probe(up ? "UP" : "DOWN", List.of(check)))
                .header("Cache-Control", "no-store").build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response health() {
        Instant now = switchboard.clock().instant();
        StoreOpening.State store = switchboard.storeState();
        String status = switch (store) {
            case OPEN -> "UP";
            case OPENING -> "STARTING";
            case FAILED -> "DOWN";
        };
        Health health = new Health(status, switchboard.build().version(), switchboard.settings().cardVersion(),
                switchboard.startedAt().truncatedTo(ChronoUnit.MILLIS), Duration.between(switchboard.startedAt(), now).toSeconds(),
                switchboard.tasks().runningCount(), switchboard.streams().size(), requests(), store(), retention());
        return Response.status(store == StoreOpening.State.OPEN ? 200 : 503).entity(health)
                .header("Cache-Control", "no-store").build();
    }
}
