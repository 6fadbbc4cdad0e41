package dev.switchboard.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;

/** {@code GET /}: the page a person sees when they open the agent's URL in a browser. */
@Path("")
public final class LandingResource {
    private final byte[] page;

    public LandingResource(Switchboard switchboard) {
        this.page = LandingPage.render(switchboard.card().card(), switchboard.settings())
                .getBytes(StandardCharsets.UTF_8);
    }

    @GET
    @Produces(MediaType.TEXT_HTML + ";charset=utf-8")
    public Response page() {
        return Response.ok(page, MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))
                .header("Cache-Control", "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
                .build();
    }
}
