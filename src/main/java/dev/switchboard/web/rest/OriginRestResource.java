package dev.switchboard.web.rest;

import dev.switchboard.web.binding.AnswerWriter;
import jakarta.ws.rs.Path;

/**
 * The HTTP+JSON routes at the origin root ({@code /message:send}, {@code /tasks/{id}}...), for
 * clients that join the route to the origin instead of the endpoint URL on the card, as some
 * conformance clients do. Tenant prefixes are served only under {@code /a2a/rest}.
 */
@Path("")
public final class OriginRestResource extends RestRoutes {
    OriginRestResource(RestBinding binding, AnswerWriter writer) {
        super(binding, writer);
    }
}
