package dev.switchboard.web.rest;

import dev.switchboard.web.binding.AnswerWriter;
import jakarta.ws.rs.Path;

/**
 * The A2A 0.3 HTTP+JSON routes: the same routes under {@code /v1}, below the endpoint the card
 * names ({@code /a2a/rest/v1/message:send}...) and, for clients that join routes to the origin, at
 * the origin ({@code /v1/message:send}...). A request naming no {@code A2A-Version} is a 0.3
 * request here. Because of these routes {@code v1} cannot be a tenant's name.
 */
@Path("a2a/rest/v1")
public final class V03RestResource extends RestRoutes {
    V03RestResource(RestBinding binding, AnswerWriter writer) {
        super(binding, writer);
    }

    /** The 0.3 routes at the origin, {@code /v1/...}. */
    @Path("v1")
    public static final class AtOrigin extends RestRoutes {
        AtOrigin(RestBinding binding, AnswerWriter writer) {
            super(binding, writer);
        }
    }
}
