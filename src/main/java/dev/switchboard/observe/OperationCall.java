package dev.switchboard.observe;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Tier;
import io.opentelemetry.context.Scope;
import java.util.concurrent.CompletionException;

/**
 * One A2A operation as it is served: a binding begins it when the request arrives, tells it what
 * it learns (operation, line, task) and ends it once, ok or failed with the A2A error's reason.
 * A stream ends when it is attached (or refused), not when it closes: the latency is the time to
 * the first event's promise, and open streams are a gauge of their own. When tracing is on, the
 * call is also a span ({@link OperationSpan}), which a binding makes current while it hands the
 * request to the task service, so that the agent's run, its push notifications and the calls it
 * makes belong to the request's trace.
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
    private String contextId;
    private final OperationSpan span;
    private boolean ended;

    OperationCall(Operations owner, Binding binding, Tier tier, String traceparent) {
        this.owner = owner;
        this.binding = binding;
        this.tier = tier;
        this.traceparent = traceparent;
        this.startedNanos = System.nanoTime();
        this.span = OperationSpan.start(binding);
    }

    public OperationCall named(Operation operation) {
        this.operation = operation;
        if (span != null) {
            span.named(operation);
        }
        return this;
    }

    /**
     * Makes the call's span current on this thread until the scope closes: work started meanwhile
     * (the agent's run) continues its trace. A no-op scope when tracing is off.
     */
    public Scope enter() {
        return span == null ? Scope.noop() : span.enter();
    }

    /** The context of the task, once known. */
    public OperationCall context(String contextId) {
        this.contextId = contextId;
        return this;
    }

    /** The task and context a send created or continued (a message outside a task names neither). */
    public OperationCall result(SendMessageResult result) {
        if (result instanceof Task task) {
            this.taskId = task.id();
            this.contextId = task.contextId();
        } else if (result instanceof Message message) {
            this.taskId = message.taskId();
            this.contextId = message.contextId();
        }
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
        if (span != null) {
            span.end(this, outcome);
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

    String contextId() {
        return contextId;
    }

    /**
     * The trace id of this call: its span's when tracing is on (which is the caller's trace, or a
     * new one), else the one the caller's {@code traceparent} names.
     */
    String traceId() {
        return span != null ? span.traceId() : OperationLog.traceId(traceparent);
    }
}
