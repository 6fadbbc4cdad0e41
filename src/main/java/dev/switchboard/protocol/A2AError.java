package dev.switchboard.protocol;

/**
 * The one error table every binding answers from: JSON-RPC code, google.rpc status name and HTTP
 * status (per A2A v1.0.1, which aligned HTTP codes with google.rpc.Code), and the ErrorInfo reason.
 */
public enum A2AError {
    // JSON-RPC 2.0 standard errors
    PARSE_ERROR(-32700, "INVALID_ARGUMENT", 400, "PARSE_ERROR", "Invalid JSON payload"),
    INVALID_REQUEST(-32600, "INVALID_ARGUMENT", 400, "INVALID_REQUEST", "Request payload validation error"),
    METHOD_NOT_FOUND(-32601, "UNIMPLEMENTED", 501, "METHOD_NOT_FOUND", "Method not found"),
    INVALID_PARAMS(-32602, "INVALID_ARGUMENT", 400, "INVALID_PARAMS", "Invalid parameters"),
    INTERNAL_ERROR(-32603, "INTERNAL", 500, "INTERNAL_ERROR", "Internal error"),

    // A2A errors
    TASK_NOT_FOUND(-32001, "NOT_FOUND", 404, "TASK_NOT_FOUND", "Task not found"),
    TASK_NOT_CANCELABLE(-32002, "FAILED_PRECONDITION", 400, "TASK_NOT_CANCELABLE", "Task cannot be canceled"),
    PUSH_NOTIFICATION_NOT_SUPPORTED(-32003, "FAILED_PRECONDITION", 400, "PUSH_NOTIFICATION_NOT_SUPPORTED",
            "Push Notification is not supported"),
    UNSUPPORTED_OPERATION(-32004, "FAILED_PRECONDITION", 400, "UNSUPPORTED_OPERATION",
            "This operation is not supported"),
    CONTENT_TYPE_NOT_SUPPORTED(-32005, "INVALID_ARGUMENT", 400, "CONTENT_TYPE_NOT_SUPPORTED",
            "Incompatible content types"),
    INVALID_AGENT_RESPONSE(-32006, "INTERNAL", 500, "INVALID_AGENT_RESPONSE", "Invalid agent response"),
    EXTENDED_AGENT_CARD_NOT_CONFIGURED(-32007, "FAILED_PRECONDITION", 400, "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
            "Extended agent card is not configured"),
    EXTENSION_SUPPORT_REQUIRED(-32008, "FAILED_PRECONDITION", 400, "EXTENSION_SUPPORT_REQUIRED",
            "A required extension was not activated"),
    VERSION_NOT_SUPPORTED(-32009, "FAILED_PRECONDITION", 400, "VERSION_NOT_SUPPORTED",
            "This protocol version is not supported");

    /** ErrorInfo domain of every A2A error. */
    public static final String DOMAIN = "a2a-protocol.org";

    private final int jsonRpcCode;
    private final String rpcStatus;
    private final int httpStatus;
    private final String reason;
    private final String defaultMessage;

    A2AError(int jsonRpcCode, String rpcStatus, int httpStatus, String reason, String defaultMessage) {
        this.jsonRpcCode = jsonRpcCode;
        this.rpcStatus = rpcStatus;
        this.httpStatus = httpStatus;
        this.reason = reason;
        this.defaultMessage = defaultMessage;
    }

    public int jsonRpcCode() {
        return jsonRpcCode;
    }

    /** The google.rpc.Code name, as in a REST error body's {@code status} and gRPC. */
    public String rpcStatus() {
        return rpcStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }

    /** The ErrorInfo {@code reason}: the error's name in UPPER_SNAKE_CASE. */
    public String reason() {
        return reason;
    }

    public String defaultMessage() {
        return defaultMessage;
    }
}
