package dev.switchboard.web;

import dev.switchboard.security.Counters;
import dev.switchboard.store.StoreOpening;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

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
     */
    @JsonbPropertyOrder({"status", "version", "cardVersion", "startedAt", "uptimeSeconds", "runningAgents",
            "openStreams", "requests"})
    public record Health(String status, String version, String cardVersion, Instant startedAt, long uptimeSeconds,
                         int runningAgents, int openStreams, Requests requests) {
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
                switchboard.tasks().runningCount(), switchboard.streams().size(), requests());
        return Response.status(store == StoreOpening.State.OPEN ? 200 : 503).entity(health)
                .header("Cache-Control", "no-store").build();
    }
}
