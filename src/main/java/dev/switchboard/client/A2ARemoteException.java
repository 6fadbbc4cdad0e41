package dev.switchboard.client;

import dev.switchboard.protocol.A2AError;
import java.util.Arrays;
import java.util.Optional;

/**
 * The agent answered with an A2A error: a JSON-RPC error object or a REST {@code google.rpc.Status}.
 * It carries the JSON-RPC code and the ErrorInfo reason (e.g. {@code TASK_NOT_FOUND}) whichever
 * binding the error came over, so callers can handle errors without knowing the binding.
 */
public final class A2ARemoteException extends A2AClientException {
    private final int code;
    private final String reason;

    /**
     * @param code   the JSON-RPC error code; for a REST error, the code of the table row its reason names
     * @param reason the ErrorInfo reason, or the table's reason for the code when the agent sent none
     */
    public A2ARemoteException(int code, String reason, String message, int httpStatus) {
        super(message == null || message.isBlank() ? String.valueOf(reason) : message, httpStatus, null);
        this.code = code;
        this.reason = reason;
    }

    /** Builds the exception from whatever the agent sent, filling the gaps from the error table. */
    static A2ARemoteException of(Integer code, String reason, String message, int httpStatus) {
        Optional<A2AError> known = reason != null
                ? Arrays.stream(A2AError.values()).filter(e -> e.reason().equals(reason)).findFirst()
                : code != null ? Arrays.stream(A2AError.values()).filter(e -> e.jsonRpcCode() == code).findFirst()
                : Optional.empty();
        int effectiveCode = code != null && (reason == null || known.isEmpty() || code < 0) ? code
                : known.map(A2AError::jsonRpcCode).orElse(code == null ? 0 : code);
        String effectiveReason = reason != null ? reason : known.map(A2AError::reason).orElse("UNKNOWN");
        return new A2ARemoteException(effectiveCode, effectiveReason, message, httpStatus);
    }

    /** The JSON-RPC error code, e.g. -32001 for a task that was not found. */
    public int code() {
        return code;
    }

    /** The ErrorInfo reason in UPPER_SNAKE_CASE, e.g. {@code TASK_NOT_FOUND}. */
    public String reason() {
        return reason;
    }

    /** The row of the A2A error table this error matches, if it is one of the standard errors. */
    public Optional<A2AError> error() {
        return Arrays.stream(A2AError.values())
                .filter(e -> e.reason().equals(reason) || (e.jsonRpcCode() == code && code != 0))
                .findFirst();
    }
}
