package dev.switchboard.client;

/**
 * A call to a remote agent did not produce an answer: the host was unreachable, the call timed out
 * or was cancelled, or the agent answered something that is not A2A. When the agent did answer
 * with an A2A error, the exception is the subclass {@link A2ARemoteException}.
 */
public class A2AClientException extends RuntimeException {
    private final int httpStatus;

    public A2AClientException(String message) {
        this(message, 0, null);
    }

    public A2AClientException(String message, Throwable cause) {
        this(message, 0, cause);
    }

    public A2AClientException(String message, int httpStatus, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
    }

    /** The HTTP status of the answer, or 0 when there was no HTTP answer (or it was 200). */
    public int httpStatus() {
        return httpStatus;
    }
}
