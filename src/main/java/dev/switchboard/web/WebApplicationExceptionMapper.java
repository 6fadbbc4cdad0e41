package dev.switchboard.web;

import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.HttpErrors;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * Answers JAX-RS's own failures (unknown route, 405, 406, 415, unreadable body) with the JSON error
 * body instead of the container's HTML page (a JSON-RPC error on the JSON-RPC endpoint), keeping the headers that matter ({@code Allow},
 * {@code WWW-Authenticate}, {@code Retry-After}).
 */
public final class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {
    @Context
    private UriInfo uriInfo;
    @Context
    private Request request;

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        String path = uriInfo == null ? "this path" : "/" + uriInfo.getPath();
        // JAX-RS's own exceptions carry "HTTP 404 Not Found"-style messages; ours say more
        String message = exception.getMessage() != null && !exception.getMessage().startsWith("HTTP ")
                ? exception.getMessage() : HttpErrors.describe(status, path);
        Response.ResponseBuilder response = Response.status(status)
                .type(HttpNames.JSON)
                .header(HttpNames.CACHE_CONTROL, "no-store")
                .entity(HttpErrors.failure(request == null ? null : request.getMethod(), path, status, message));
        for (String header : new String[] {HttpHeaders.ALLOW, HttpHeaders.WWW_AUTHENTICATE, HttpHeaders.RETRY_AFTER}) {
            Object value = original.getHeaders().getFirst(header);
            if (value != null) {
                response.header(header, value);
            }
        }
        return response.build();
    }
}
