package dev.switchboard.web;

import dev.switchboard.security.Caller;
import dev.switchboard.task.TaskService;
import jakarta.json.JsonObject;
import dev.switchboard.protocol.ProtocolVersion;
import java.util.function.BiFunction;
import jakarta.ws.rs.Path;

/**
 * The HTTP+JSON routes at the origin root ({@code /message:send}, {@code /tasks/{id}}...), for
 * clients that join the route to the origin instead of the endpoint URL on the card, as some
 * conformance clients do. Tenant prefixes are served only under {@code /a2a/rest}.
 */
@Path("")
public final class OriginRestResource extends RestRoutes {
    OriginRestResource(TaskService tasks, StreamRegistry streams,
                       BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards, boolean serveV03) {
        super(tasks, streams, extendedCards, ProtocolVersion.V1_0, serveV03);
    }
}
