package dev.switchboard.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Locale;

/**
 * The span of one A2A operation, named and described after OpenTelemetry's RPC conventions
 * ({@code rpc.system}, {@code rpc.service}, {@code rpc.method}) plus the A2A facts of the call.
 * Its parent is the context current when the request arrived: the Java agent's servlet span (then
 * this span is INTERNAL, as the agent's is the server span), or the caller's {@code traceparent}
 * that {@link Tracing#incoming} read (then it is the SERVER span).
 */
final class OperationSpan {
    static final String SERVICE = "A2A";
    static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
    static final AttributeKey<String> RPC_SERVICE = AttributeKey.stringKey("rpc.service");
    static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
    static final AttributeKey<String> BINDING = AttributeKey.stringKey("a2a.binding");
    static final AttributeKey<String> PROTOCOL_VERSION = AttributeKey.stringKey("a2a.protocol.version");
    static final AttributeKey<String> TASK_ID = AttributeKey.stringKey("a2a.task.id");
    static final AttributeKey<String> CONTEXT_ID = AttributeKey.stringKey("a2a.context.id");
    static final AttributeKey<String> TIER = AttributeKey.stringKey("a2a.caller.tier");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("a2a.outcome");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final Span span;
    private final Context context;

    private OperationSpan(Span span, Context parent) {
        this.span = span;
        this.context = parent.with(span);
    }

    /** The span of an operation arriving now, or null when tracing is off. */
    static OperationSpan start(Binding binding) {
        Tracer tracer = Tracing.tracer();
        if (tracer == null) {
            return null;
        }
        Context parent = Context.current();
        SpanContext above = Span.fromContext(parent).getSpanContext();
        SpanKind kind = above.isValid() && !above.isRemote() ? SpanKind.INTERNAL : SpanKind.SERVER;
        Span span = tracer.spanBuilder(name(Operation.UNKNOWN)).setParent(parent).setSpanKind(kind)
                .setAttribute(RPC_SYSTEM, rpcSystem(binding)).setAttribute(RPC_SERVICE, SERVICE)
                .setAttribute(BINDING, binding.label()).startSpan();
        return new OperationSpan(span, parent);
    }

    /** {@code A2A SendMessage}: the service and the operation, as RPC span names are. */
    static String name(Operation operation) {
        return SERVICE + " " + operation.label();
    }

    /** JSON-RPC and gRPC are RPC systems of their own; HTTP+JSON is plain HTTP. */
    private static String rpcSystem(Binding binding) {
        return switch (binding) {
            case JSONRPC -> "jsonrpc";
            case GRPC -> "grpc";
            case REST -> "http";
        };
    }

    void named(Operation operation) {
        span.updateName(name(operation));
    }

    Scope enter() {
        return context.makeCurrent();
    }

    String traceId() {
        return span.getSpanContext().isValid() ? span.getSpanContext().getTraceId() : null;
    }

    /** Ends the span with what the call learned; only ids the server could have made are recorded. */
    void end(OperationCall call, String outcome) {
        span.setAttribute(RPC_METHOD, call.operation().label());
        if (call.line() != null) {
            span.setAttribute(PROTOCOL_VERSION, call.line().toString());
        }
        String taskId = OperationLog.plausibleId(call.taskId());
        if (taskId != null) {
            span.setAttribute(TASK_ID, taskId);
        }
        String contextId = OperationLog.plausibleId(call.contextId());
        if (contextId != null) {
            span.setAttribute(CONTEXT_ID, contextId);
        }
        if (call.tier() != null) {
            span.setAttribute(TIER, call.tier().name().toLowerCase(Locale.ROOT));
        }
        span.setAttribute(OUTCOME, outcome);
        if (!"ok".equals(outcome)) {
            span.setAttribute(ERROR_TYPE, outcome);
            span.setStatus(StatusCode.ERROR, outcome);
        }
        span.end();
    }
}
