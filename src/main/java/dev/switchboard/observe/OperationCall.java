package dev.switchboard.observe;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Tier;
import java.util.concurrent.CompletionException;

/**
 * One A2A operation as it is served: a binding begins it when the request arrives, tells it what
 * it learns (operation, line, task) and ends it once, ok or failed with the A2A error's reason.
 * A stream ends when it is attached (or refused), not when it closes: the latency is the time to
 * the first event's promise, and open streams are a gauge of their own.
 */
public final class OperationCall {
    private final Operations owner;
    private final Binding binding;
    private final Tier tier;
    private final String traceparent;
    private final long startedNanos;
    private Operation operation = Operation.UNKNOWN;
    private ProtocolVersion line;
    private String taskId;
    private boolean ended;

    OperationCall(Operations owner, Binding binding, Tier tier, String traceparent) {
        this.owner = owner;
        this.binding = binding;
        this.tier = tier;
        this.traceparent = traceparent;
        this.startedNanos = System.nanoTime();
    }

    public OperationCall named(Operation operation) {
        this.operation = operation;
        return this;
    }

    public OperationCall line(ProtocolVersion line) {
        this.line = line;
        return this;
    }

    /**
     * The task the operation is about, once known (the request's id, or the task a send created),
     * as the client wrote it: the log checks it, and only when it writes a line.
     */
    public OperationCall task(String taskId) {
        this.taskId = taskId;
        return this;
    }

    public void ok() {
        end("ok");
    }

    /** Ends the call as failed with the reason the client is told. */
    public void failed(String reason) {
        end(reason);
    }

    /** Ends the call as failed with the reason of this failure, as every binding names it. */
    public void failed(Throwable failure) {
        String reason = reason(failure);
        if (failure instanceof LimitExceeded || failure.getCause() instanceof LimitExceeded) {
            owner.refusedByLimit(reason);
        }
        end(reason);
    }

    /** The reason a client reads for a failure: the A2A error's or the limit's, else an internal error. */
    public static String reason(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof A2AException a2a) {
            return a2a.error().reason();
        }
        if (cause instanceof JsonRpcException envelope) {
            return envelope.error().error().reason();
        }
        if (cause instanceof LimitExceeded exceeded) {
            return exceeded.reason();
        }
        return "INTERNAL_ERROR";
    }

    private void end(String outcome) {
        // a stream may be refused by the thread that attaches it while another one reports: count once
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
        }
        owner.ended(this, outcome, System.nanoTime() - startedNanos);
    }

    Operation operation() {
        return operation;
    }

    Binding binding() {
        return binding;
    }

    Tier tier() {
        return tier;
    }

    ProtocolVersion line() {
        return line;
    }

    String taskId() {
        return taskId;
    }

    String traceparent() {
        return traceparent;
    }
}
