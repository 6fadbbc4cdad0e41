package dev.switchboard.web.binding;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ErrorInfoCodec;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonObjectBuilder;

/**
 * Error bodies in the google.rpc.Status shape (AIP-193) that the HTTP+JSON binding uses, for A2A
 * errors and for plain HTTP failures (unknown path, wrong method...). The message is always written
 * for the client: no class names, no stack traces.
 */
public final class ErrorBody {
    private ErrorBody() {
    }

    /** The body for an HTTP-level failure that is not an A2A error. */
    public static byte[] forHttpStatus(int status, String message) {
        JsonObjectBuilder error = JsonFactory.createObjectBuilder()
                .add("code", status)
                .add("status", rpcStatusFor(status))
                .add("message", message);
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("error", error).build());
    }

    /** The body for an A2A error, with its ErrorInfo in {@code details}. */
    public static byte[] forA2A(A2AException exception) {
        return forA2A(exception, exception.error().httpStatus());
    }

    /** The body for an A2A error sent with another HTTP status than the table's (415 for a media type). */
    public static byte[] forA2A(A2AException exception, int httpStatus) {
        A2AError error = exception.error();
        JsonObjectBuilder body = JsonFactory.createObjectBuilder()
                .add("code", httpStatus)
                .add("status", error.rpcStatus())
                .add("message", exception.getMessage())
                .add("details", ErrorInfoCodec.details(exception));
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("error", body).build());
    }

    /** The ErrorInfo domain of this server's own refusals (credentials, limits). */
    public static final String DOMAIN = "switchboard";

    /**
     * The body for a refusal of this server's own (401 for a credential, 429 for a limit): an
     * ErrorInfo with its reason in the {@code switchboard} domain, not A2A's.
     */
    public static byte[] forRefusal(int status, String message, String reason) {
        JsonObjectBuilder error = JsonFactory.createObjectBuilder()
                .add("code", status)
                .add("status", rpcStatusFor(status))
                .add("message", message)
                .add("details", JsonFactory.createArrayBuilder().add(JsonFactory.createObjectBuilder()
                        .add("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                        .add("reason", reason)
                        .add("domain", DOMAIN)));
        return JsonValues.bytes(JsonFactory.createObjectBuilder().add("error", error).build());
    }

    /** The google.rpc.Code name closest to an HTTP status, as the HTTP/JSON mapping of google.rpc defines it. */
    public static String rpcStatusFor(int httpStatus) {
        return switch (httpStatus) {
            case 400, 411, 413, 414, 415, 431 -> "INVALID_ARGUMENT";
            case 401 -> "UNAUTHENTICATED";
            case 403 -> "PERMISSION_DENIED";
            case 404, 410 -> "NOT_FOUND";
            case 405, 501 -> "UNIMPLEMENTED";
            case 406, 412 -> "FAILED_PRECONDITION";
            case 408, 504 -> "DEADLINE_EXCEEDED";
            case 409 -> "ABORTED";
            case 429 -> "RESOURCE_EXHAUSTED";
            case 499 -> "CANCELLED";
            case 503 -> "UNAVAILABLE";
            default -> httpStatus >= 500 ? "INTERNAL" : httpStatus >= 400 ? "FAILED_PRECONDITION" : "UNKNOWN";
        };
    }

}
