package dev.switchboard.web.landing;

import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCard;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;

/** {@code GET /}: the page a person sees when they open the agent's URL in a browser. */
@Path("")
public final class LandingResource {
    /**
     * Script, style and requests only from this origin and only from files (no inline code, no
     * eval), nothing framed, no base or foreign form targets: the page shows answers written by
     * skills and relayed agents, so even a rendering mistake cannot run what they send.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final byte[] page;

    public LandingResource(AgentCard card, Settings settings) {
        this(LandingPage.render(card, settings));
    }

    LandingResource(String html) {
        this.page = html.getBytes(StandardCharsets.UTF_8);
    }

    @GET
    @Produces(MediaType.TEXT_HTML + ";charset=utf-8")
    public Response page() {
        return Response.ok(page, MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))
                .header("Cache-Control", "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("Referrer-Policy", "no-referrer")
                .build();
    }
}
