package dev.switchboard.web;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.jsonrpc.JsonRpcEnvelope;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.protocol.jsonrpc.JsonRpcRequest;
import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import dev.switchboard.web.filter.RequestBodyTooLargeException;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;

/**
 * The JSON-RPC binding: {@code POST /a2a/jsonrpc} and, for clients that post to the agent's origin,
 * {@code POST /}. Every answer is a JSON-RPC response. Errors in the envelope or the method travel
 * with HTTP 200 as the binding expects; only failures of HTTP itself (wrong media type, body over
 * the limit) change the HTTP status, and still carry a JSON-RPC error body.
 */
@Path("")
public final class JsonRpcResource {
    /** Where the binding listens, besides the origin root. */
    public static final String PATH = "/a2a/jsonrpc";
    private static final Set<String> MEDIA_TYPES = Set.of("application/json", SwitchboardApplication.A2A_JSON);

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response atRoot(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, InputStream body) {
        return call(contentType, body);
    }

    @POST
    @Path("a2a/jsonrpc")
    @Consumes(MediaType.WILDCARD)
    public Response atEndpoint(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, InputStream body) {
        return call(contentType, body);
    }

    /** Whether a request is addressed to this binding, for code that answers before JAX-RS runs. */
    public static boolean addresses(String method, String path) {
        return "POST".equals(method) && (path.equals("/") || path.equals(PATH) || path.equals(PATH + "/"));
    }

    private Response call(String contentType, InputStream body) {
        if (!isJson(contentType)) {
            return answer(415, JsonRpcResponses.error(new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST,
                    "Content-Type must be application/json or application/a2a+json")));
        }
        byte[] bytes;
        try {
            bytes = body.readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            return answer(413, JsonRpcResponses.error(
                    new JsonRpcException(JsonValue.NULL, A2AError.INVALID_REQUEST, e.getMessage())));
        } catch (IOException e) {
            return answer(400, JsonRpcResponses.error(new JsonRpcException(JsonValue.NULL, A2AError.PARSE_ERROR,
                    "The request body could not be read")));
        }
        try {
            JsonRpcRequest request = JsonRpcEnvelope.parse(bytes);
            return dispatch(request);
        } catch (JsonRpcException e) {
            return answer(200, JsonRpcResponses.error(e));
        }
    }

    private Response dispatch(JsonRpcRequest request) {
        throw new JsonRpcException(request.id(), A2AError.METHOD_NOT_FOUND,
                "Method not found: " + request.method());
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
