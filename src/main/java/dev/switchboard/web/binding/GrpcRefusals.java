package dev.switchboard.web.binding;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Refusals of a gRPC call before it reaches its service (a credential, a limit, a body too large)
 * in the form a gRPC client reads: HTTP 200, no message, the status in the trailers with the
 * reason in an ErrorInfo in {@code grpc-status-details-bin}.
 * A gRPC client reads no JSON body; without this it would see only a transport error.
 */
public final class GrpcRefusals {
    private static final String GRPC = "application/grpc";

    private GrpcRefusals() {
    }

    /** Whether the request is a gRPC call, which must be refused in gRPC's form. */
    public static boolean isGrpc(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.regionMatches(true, 0, GRPC, 0, GRPC.length());
    }

    /**
     * Refuses the call with the gRPC code that matches the HTTP status the other bindings answer.
     *
     * @param domain the ErrorInfo domain: A2A's for A2A errors, the server's for its own refusals
     */
    public static void send(HttpServletResponse response, int httpStatus, String message, String reason,
                            String domain) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        int code = code(httpStatus);
        byte[] details = com.google.rpc.Status.newBuilder().setCode(code).setMessage(message)
                .addDetails(Any.pack(ErrorInfo.newBuilder().setReason(reason).setDomain(domain).build()))
                .build().toByteArray();
        Map<String, String> trailers = Map.of("grpc-status", Integer.toString(code),
                "grpc-message", URLEncoder.encode(message, StandardCharsets.UTF_8).replace("+", "%20"),
                "grpc-status-details-bin", Base64.getEncoder().withoutPadding().encodeToString(details));
        response.resetBuffer();
        response.setStatus(200);
        response.setContentType(GRPC);
        // the status goes in trailers after headers and no message, as grpc-servlet sends it: a
        // container need not end an HTTP/2 stream on its headers when the body is empty, and a
        // gRPC client reads a status in headers only when they end the stream
        response.setTrailerFields(() -> trailers);
    }

    /** A request to a gRPC path that is no gRPC call: 415, as HTTP says, in JSON. */
    public static void notGrpc(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpErrors.send(response, 415, ErrorBody.forHttpStatus(415, "The gRPC services take application/grpc"
                + " requests over HTTP/2"));
    }

    /** The google.rpc.Code for an HTTP status, as google.rpc maps them. */
    static int code(int httpStatus) {
        return switch (httpStatus) {
            case 400, 415 -> 3;  // INVALID_ARGUMENT
            case 401 -> 16;      // UNAUTHENTICATED
            case 403 -> 7;       // PERMISSION_DENIED
            case 404 -> 5;       // NOT_FOUND
            case 413, 429 -> 8;  // RESOURCE_EXHAUSTED
            case 501 -> 12;      // UNIMPLEMENTED
            case 503 -> 14;      // UNAVAILABLE
            default -> httpStatus >= 500 ? 13 : 2;  // INTERNAL; UNKNOWN
        };
    }
}
