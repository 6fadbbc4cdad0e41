package dev.switchboard.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

/**
 * The span of one agent run on the agent pool, a child of the operation that started it and
 * current on the pool's thread while the agent works: what the agent does (its calls to other
 * agents, its stored events and so their push notifications) belongs to the same trace. Named
 * after OpenTelemetry's GenAI conventions ({@code invoke_agent}, the A2A context id as the
 * conversation id).
 */
public final class RunSpan implements AutoCloseable {
    static final String NAME = "invoke_agent";
    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");

    private static final RunSpan NONE = new RunSpan(null, Scope.noop());

    private final Span span;
    private final Scope scope;

    private RunSpan(Span span, Scope scope) {
        this.span = span;
        this.scope = scope;
    }

    /**
     * Starts the run's span under {@code parent} and makes it current on this thread; a span that
     * does nothing when tracing is off or the run was started outside any trace.
     *
     * @param parent the context current where the run was started (the operation's), as
     *               {@link Tracing#currentContext()} gave it: null when tracing was off
     */
    public static RunSpan start(Context parent, String taskId, String contextId) {
        Tracer tracer = Tracing.tracer();
        if (tracer == null || parent == null) {
            return NONE;
        }
        Span span = tracer.spanBuilder(NAME).setParent(parent)
                .setAttribute(OPERATION, NAME).setAttribute(OperationSpan.TASK_ID, taskId)
                .setAttribute(OperationSpan.CONTEXT_ID, contextId).setAttribute(CONVERSATION, contextId)
                .startSpan();
        return new RunSpan(span, parent.with(span).makeCurrent());
    }

    /** The agent failed; the span records the failure's kind, never its message. */
    public void failed(Throwable failure) {
        if (span != null) {
            span.setStatus(StatusCode.ERROR);
            span.setAttribute(OperationSpan.ERROR_TYPE, failure.getClass().getName());
        }
    }

    @Override
    public void close() {
        scope.close();
        if (span != null) {
            span.end();
        }
    }
}
