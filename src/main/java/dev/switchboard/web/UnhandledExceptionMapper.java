package dev.switchboard.web;

import dev.switchboard.runtime.Incident;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.logging.Logger;

/**
 * The last line: anything no other mapper claimed is logged with an incident id and answered 500
 * with that id only, so operators can find it and clients learn nothing about the internals.
 */
public final class UnhandledExceptionMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = Logger.getLogger(UnhandledExceptionMapper.class.getName());
    @Context
    private UriInfo uriInfo;
    @Context
    private Request request;

    @Override
    public Response toResponse(Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof RequestBodyTooLargeException tooLarge) {
                return json(413, tooLarge.getMessage());
            }
        }
        Incident incident = Incident.report(LOG, null, exception);
        return json(500, "Internal server error " + incident.mention());
    }

    private Response json(int status, String message) {
        String path = uriInfo == null ? "" : "/" + uriInfo.getPath();
        return Response.status(status)
                .type(HttpNames.JSON)
                .header(HttpNames.CACHE_CONTROL, "no-store")
                .entity(HttpErrors.failure(request == null ? null : request.getMethod(), path, status, message))
                .build();
    }
}
