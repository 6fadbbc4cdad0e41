package dev.switchboard.web.rest;

import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.Tenants;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;

/** The HTTP+JSON binding at {@code /a2a/rest}, the endpoint the card names, with its {@code /{tenant}} prefix. */
@Path("a2a/rest")
public final class RestResource extends RestRoutes {
    /** The request attribute that carries the tenant of the path prefix to the routes' call context. */
    static final String TENANT = RestResource.class.getName() + ".tenant";

    private final Tenants tenants;

    RestResource(RestBinding binding, AnswerWriter writer, Tenants tenants) {
        super(binding, writer);
        this.tenants = tenants;
    }

    /** The routes under a tenant prefix; the first segments of the routes themselves are not tenants. */
    @Path("{tenant: (?!message:|tasks$|tasks/|extendedAgentCard$|card$|v1$)[^/]+}")
    public RestResource tenant(@PathParam("tenant") String tenant, @Context HttpServletRequest http) {
        if (!tenants.knows(tenant)) {
            throw new NotFoundException("Unknown tenant '" + tenant + "'");
        }
        http.setAttribute(TENANT, tenant);
        return this;
    }
}
