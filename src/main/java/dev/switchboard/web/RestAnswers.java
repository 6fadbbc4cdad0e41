package dev.switchboard.web;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.v03.V03Errors;
import jakarta.json.JsonStructure;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * HTTP+JSON responses: results in the media type the client accepts (A2A's
 * {@code application/a2a+json} when it asks for it, {@code application/json} otherwise), errors as
 * google.rpc.Status bodies with the error table's HTTP status.
 */
final class RestAnswers {
    private static final Logger LOG = Logger.getLogger(RestAnswers.class.getName());
    static final MediaType A2A_JSON = MediaType.valueOf(SwitchboardApplication.A2A_JSON);

    private RestAnswers() {
    }

    static MediaType mediaType(String accept) {
        return accept != null && accept.contains(SwitchboardApplication.A2A_JSON)
                ? A2A_JSON : MediaType.APPLICATION_JSON_TYPE;
    }

    static Response ok(JsonStructure json, String accept) {
        return Response.ok(JsonValues.bytes(json), mediaType(accept)).build();
    }

    /** The error response for any failure, in 1.0; unexpected ones are logged with an incident id. */
    static Response error(Throwable failure, String accept) {
        return error(failure, accept, WireFormat.V1);
    }

    /**
     * The error response for any failure, in the request's line: a google.rpc.Status body in 1.0,
     * the 0.3 body of {@link V03Errors} in 0.3, with the error table's HTTP status either way.
     */
    static Response error(Throwable failure, String accept, WireFormat wire) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof A2AException a2a) {
            return error(a2a, a2a.error().httpStatus(), accept, wire);
        }
        if (cause instanceof RestRequests.UnsupportedMediaType unsupported) {
            Response refusal = error(new A2AException(A2AError.CONTENT_TYPE_NOT_SUPPORTED, unsupported.getMessage()),
                    415, accept, wire);
            return unsupported instanceof RestRequests.UnsupportedContentCoding
                    ? Response.fromResponse(refusal).header(HttpHeaders.ACCEPT_ENCODING, ContentCodings.ACCEPTED).build()
                    : refusal;
        }
        if (cause instanceof WebApplicationException web) {
            int status = web.getResponse().getStatus();
            return Response.status(status).type(mediaType(accept))
                    .entity(ErrorBody.forHttpStatus(status, web.getMessage())).build();
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Incident " + incident, cause);
        return error(new A2AException(A2AError.INTERNAL_ERROR, "Internal error (incident " + incident + ")",
                Map.of()), 500, accept, wire);
    }

    private static Response error(A2AException error, int status, String accept, WireFormat wire) {
        Object body = wire == WireFormat.V1 ? ErrorBody.forA2A(error, status)
                : JsonValues.bytes(V03Errors.restBody(error));
        return Response.status(status).type(wire == WireFormat.V1 ? mediaType(accept) : MediaType.APPLICATION_JSON_TYPE)
                .entity(body).build();
    }
}
