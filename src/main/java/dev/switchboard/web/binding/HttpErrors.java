package dev.switchboard.web.binding;

import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes JSON error responses straight to the servlet response, for code that runs outside JAX-RS. */
public final class HttpErrors {
    private HttpErrors() {
    }

    public static void write(HttpServletResponse response, int status, String message) throws IOException {
        send(response, status, ErrorBody.forHttpStatus(status, message));
    }

    /**
     * The body for an HTTP-level failure of a request, in its binding's shape: a JSON-RPC error
     * with a null id on the JSON-RPC endpoint (a JSON-RPC client reads nothing else there), a
     * google.rpc.Status everywhere else.
     *
     * @param path the request's path inside the application
     */
    public static byte[] failure(String method, String path, int status, String message) {
        return Endpoints.answersJsonRpc(method, path) ? JsonRpcResponses.httpFailure(status, message)
                : ErrorBody.forHttpStatus(status, message);
    }

    /**
     * The body for a refusal of the server's own (401, 429) in the request's binding: a JSON-RPC
     * error on the JSON-RPC endpoint, whose clients read nothing else there, a google.rpc.Status
     * everywhere else; either way with an ErrorInfo naming the reason.
     */
    public static byte[] refusal(String method, String path, int status, String message, String reason) {
        return Endpoints.answersJsonRpc(method, path)
                ? JsonRpcResponses.refusal(jakarta.json.JsonValue.NULL, message, reason, ErrorBody.DOMAIN)
                : ErrorBody.forRefusal(status, message, reason);
    }

    /**
     * Refuses a request of the server's own accord (a credential, a limit) in its binding's shape:
     * gRPC's status headers for a gRPC call, else the JSON body {@link #refusal} gives.
     */
    public static void refuse(HttpServletRequest request, HttpServletResponse response, int status, String message,
                              String reason) throws IOException {
        if (GrpcRefusals.isGrpc(request)) {
            GrpcRefusals.send(response, status, message, reason, ErrorBody.DOMAIN);
        } else {
            send(response, status, refusal(request.getMethod(), Endpoints.path(request), status, message, reason));
        }
    }

    public static void send(HttpServletResponse response, int status, byte[] body) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType(HttpNames.JSON);
        response.setHeader(HttpNames.CACHE_CONTROL, "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** A short reason phrase for the statuses the container reports through error pages. */
    public static String describe(int status, String path) {
        return switch (status) {
            case 400 -> "The request could not be understood";
            case 401 -> "Authentication is required";
            case 403 -> "Access to " + path + " is forbidden";
            case 404 -> "No resource at " + path;
            case 405 -> "Method not allowed on " + path;
            case 406 -> "No acceptable representation of " + path;
            case 408 -> "The request took too long to arrive";
            case 413 -> "Request body too large";
            case 414 -> "Request URI too long";
            case 415 -> "Unsupported media type";
            case 429 -> "Too many requests";
            case 503 -> "Service unavailable";
            default -> status >= 500 ? "Internal server error" : "Request failed with HTTP status " + status;
        };
    }
}
