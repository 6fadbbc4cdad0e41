package dev.switchboard.web;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.Caller;
import dev.switchboard.task.TaskService;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Path;
import java.util.function.BiFunction;

/**
 * The A2A 0.3 HTTP+JSON routes: the same routes under {@code /v1}, below the endpoint the card
 * names ({@code /a2a/rest/v1/message:send}...) and, for clients that join routes to the origin, at
 * the origin ({@code /v1/message:send}...). A request naming no {@code A2A-Version} is a 0.3
 * request here. Because of these routes {@code v1} cannot be a tenant's name.
 */
@Path("a2a/rest/v1")
public final class V03RestResource extends RestRoutes {
    V03RestResource(TaskService tasks, StreamRegistry streams,
                    BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards, boolean serveV03) {
        super(tasks, streams, extendedCards, ProtocolVersion.V0_3, serveV03);
    }

    /** The 0.3 routes at the origin, {@code /v1/...}. */
    @Path("v1")
    public static final class AtOrigin extends RestRoutes {
        AtOrigin(TaskService tasks, StreamRegistry streams,
                 BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards, boolean serveV03) {
            super(tasks, streams, extendedCards, ProtocolVersion.V0_3, serveV03);
        }
    }
}
