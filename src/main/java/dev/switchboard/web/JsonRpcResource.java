package dev.switchboard.web;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.jsonrpc.JsonRpcEnvelope;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.protocol.jsonrpc.JsonRpcRequest;
import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import dev.switchboard.web.filter.CallerFilter;
import dev.switchboard.web.filter.RequestBodyTooLargeException;
import dev.switchboard.web.filter.RequestedVersion;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;

/**
 * The JSON-RPC binding: {@code POST /a2a/jsonrpc} and, for clients that post to the agent's origin,
 * {@code POST /}. Every answer is a JSON-RPC response or an event stream of them. Errors in the
 * envelope or the method travel with HTTP 200 as the binding expects; only failures of HTTP itself
 * (wrong media type, body over the limit) change the HTTP status, and still carry a JSON-RPC error
 * body. No request thread waits for an agent: answers are resumed when they are ready.
 */
@Path("")
public final class JsonRpcResource {
    /** Where the binding listens, besides the origin root. */
    public static final String PATH = "/a2a/jsonrpc";
    static final String LAST_EVENT_ID = "Last-Event-ID";
    private static final Set<String> MEDIA_TYPES = Set.of("application/json", SwitchboardApplication.A2A_JSON);

    private final JsonRpcDispatcher dispatcher;

    JsonRpcResource(JsonRpcDispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public void atRoot(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                       @HeaderParam(LAST_EVENT_ID) String lastEventId, @Context HttpServletRequest servletRequest,
                       InputStream body, @Suspended AsyncResponse response) {
        call(contentType, lastEventId, servletRequest, body, response);
    }

    @POST
    @Path("a2a/jsonrpc")
    @Consumes(MediaType.WILDCARD)
    public void atEndpoint(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                           @HeaderParam(LAST_EVENT_ID) String lastEventId, @Context HttpServletRequest servletRequest,
                           InputStream body, @Suspended AsyncResponse response) {
        call(contentType, lastEventId, servletRequest, body, response);
    }

    /** Whether a request is addressed to this binding, for code that answers before JAX-RS runs. */
    public static boolean addresses(String method, String path) {
        return "POST".equals(method) && (path.equals("/") || atEndpoint(path));
    }

    /**
     * Whether a failure of this request is answered as a JSON-RPC error: any method on the
     * endpoint, which serves nothing else, and a POST to the origin (other methods there are the
     * landing page's).
     */
    public static boolean answersJsonRpc(String method, String path) {
        return atEndpoint(path) || addresses(method, path);
    }

    private static boolean atEndpoint(String path) {
        return path.equals(PATH) || path.equals(PATH + "/");
    }

    private void call(String contentType, String lastEventId, HttpServletRequest servletRequest, InputStream body,
                      AsyncResponse response) {
        String coding = servletRequest.getHeader(ContentCodings.HEADER);
        if (!ContentCodings.isIdentity(coding)) {
            response.resume(Response.fromResponse(answer(415, JsonRpcResponses.error(new JsonRpcException(
                    JsonValue.NULL, A2AError.CONTENT_TYPE_NOT_SUPPORTED, ContentCodings.refusal(coding)))))
                    .header(HttpHeaders.ACCEPT_ENCODING, ContentCodings.ACCEPTED).build());
            return;
        }
        if (!isJson(contentType)) {
            response.resume(answer(415, JsonRpcResponses.error(new JsonRpcException(JsonValue.NULL,
                    A2AError.CONTENT_TYPE_NOT_SUPPORTED,
                    "Content-Type must be application/json or application/a2a+json"))));
            return;
        }
        byte[] bytes;
        try {
            bytes = body.readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            response.resume(answer(413, JsonRpcResponses.error(
                    new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST, e.getMessage()))));
            return;
        } catch (IOException e) {
            response.resume(answer(400, JsonRpcResponses.error(new JsonRpcException(JsonValue.NULL,
                    A2AError.PARSE_ERROR, "The request body could not be read"))));
            return;
        }
        JsonRpcRequest request;
        try {
            request = JsonRpcEnvelope.parse(bytes);
        } catch (JsonRpcException e) {
            response.resume(answer(200, JsonRpcResponses.error(e)));
            return;
        }
        String accept = servletRequest.getHeader(HttpHeaders.ACCEPT);
        dispatcher.dispatch(request, RequestedVersion.of(servletRequest), CallerFilter.of(servletRequest), lastEventId,
                accept != null && accept.contains(SseStream.EVENT_STREAM), response);
    }

    private static Response answer(int status, byte[] body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return MEDIA_TYPES.contains(type.toLowerCase(Locale.ROOT));
    }
}
