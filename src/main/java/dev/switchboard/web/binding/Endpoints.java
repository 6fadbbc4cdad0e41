package dev.switchboard.web.binding;

import dev.switchboard.card.PublishedCard;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Where the bindings listen, for code that must know before a binding runs (filters, error
 * pages): the JSON-RPC endpoint and the origin's {@code POST /}, the HTTP+JSON endpoint and its
 * routes at the origin, in both protocol lines.
 */
public final class Endpoints {
    /** The JSON-RPC endpoint the card names. */
    public static final String JSON_RPC = PublishedCard.JSONRPC_PATH;
    /** The HTTP+JSON endpoint the card names. */
    public static final String REST = PublishedCard.REST_PATH;

    private Endpoints() {
    }

    /** The request's path inside the application. */
    public static String path(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    /** Whether a request is a JSON-RPC call: a POST to the endpoint or to the origin. */
    public static boolean isJsonRpcCall(String method, String path) {
        return "POST".equals(method) && (path.equals("/") || isJsonRpcEndpoint(path));
    }

    /**
     * Whether a failure of this request is answered as a JSON-RPC error: any method on the
     * endpoint, which serves nothing else, and a POST to the origin (other methods there are the
     * landing page's).
     */
    public static boolean answersJsonRpc(String method, String path) {
        return isJsonRpcEndpoint(path) || isJsonRpcCall(method, path);
    }

    /** The gRPC services' paths: each method is {@code /<package>.A2AService/<Method>}. */
    public static final String GRPC_V1 = "/lf.a2a.v1.A2AService/";
    public static final String GRPC_V03 = "/a2a.v1.A2AService/";

    /** The operator's metrics, in the Prometheus text format. */
    public static final String METRICS = "/metrics";

    /**
     * Documents only the operator may read (unless opened): no A2A operation, but a credential
     * presented for them is checked, and throttled, as one presented for an operation is.
     */
    public static boolean isOperatorDocument(String path) {
        return path.equals(METRICS);
    }

    /** A2A operations: every binding in both lines, at their endpoints and at the origin. */
    public static boolean isOperation(String method, String path) {
        return path.startsWith("/a2a/") || path.startsWith("/v1/") || path.startsWith("/message:")
                || path.startsWith(GRPC_V1) || path.startsWith(GRPC_V03)
                || path.equals("/tasks") || path.startsWith("/tasks/") || path.equals("/extendedAgentCard")
                || path.equals("/card") || ("POST".equals(method) && path.equals("/"));
    }

    private static boolean isJsonRpcEndpoint(String path) {
        return path.equals(JSON_RPC) || path.equals(JSON_RPC + "/");
    }
}
