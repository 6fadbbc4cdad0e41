package dev.switchboard.web;

import dev.switchboard.security.Caller;
import dev.switchboard.task.TaskService;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import dev.switchboard.protocol.ProtocolVersion;
import java.util.function.BiFunction;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;

/** The HTTP+JSON binding at {@code /a2a/rest}, the endpoint the card names, with its {@code /{tenant}} prefix. */
@Path("a2a/rest")
public final class RestResource extends RestRoutes {
    /** Where the binding listens. */
    public static final String PATH = "/a2a/rest";
    /** The request attribute that carries the tenant of the path prefix to the routes' call context. */
    static final String TENANT = RestResource.class.getName() + ".tenant";

    private final Tenants tenants;

    RestResource(TaskService tasks, StreamRegistry streams, Tenants tenants,
                 BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards, boolean serveV03) {
        super(tasks, streams, extendedCards, ProtocolVersion.V1_0, serveV03);
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
