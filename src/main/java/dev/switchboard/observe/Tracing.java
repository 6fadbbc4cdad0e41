package dev.switchboard.observe;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Where the server's spans come from: the OpenTelemetry API's global instance, which the
 * OpenTelemetry Java agent or an SDK the deployer registers provides. With neither, tracing is off:
 * {@link #tracer()} is null and callers make no span at all. {@code GlobalOpenTelemetry} answers
 * under a lock every thread shares, so it is asked at most once a second until it has an
 * implementation, whose tracer is then kept: a plain deployment pays a volatile read and a clock
 * read per use, and an SDK registered after start-up is found within a second.
 */
public final class Tracing {
    /** The instrumentation scope the spans are made under. */
    public static final String SCOPE = "dev.switchboard";

    private static final TextMapGetter<Function<String, String>> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Function<String, String> carrier) {
            return List.of("traceparent", "tracestate");
        }

        @Override
        public String get(Function<String, String> carrier, String key) {
            return carrier == null ? null : carrier.apply(key);
        }
    };
    private static final TextMapSetter<BiConsumer<String, String>> SETTER = (carrier, key, value) -> {
        if (carrier != null) {
            carrier.accept(key, value);
        }
    };

    private static final long RECHECK_NANOS = 1_000_000_000L;
    private static volatile Tracer tracer;
    private static volatile long recheckAt = Long.MIN_VALUE;

    private Tracing() {
    }

    /** Whether an OpenTelemetry implementation is present: the Java agent, or a registered SDK. */
    public static boolean isOn() {
        return tracer() != null;
    }

    /** The tracer, or null when tracing is off. */
    public static Tracer tracer() {
        Tracer found = tracer;
        if (found != null) {
            return found;
        }
        long now = System.nanoTime();
        if (recheckAt != Long.MIN_VALUE && now - recheckAt < 0) {
            return null;
        }
        recheckAt = now + RECHECK_NANOS;
        if (GlobalOpenTelemetry.isSet()) {
            found = GlobalOpenTelemetry.get().getTracer(SCOPE);
            tracer = found;
        }
        return found;
    }

    /**
     * Forgets the tracer found, so that the next use asks {@code GlobalOpenTelemetry} again: for
     * tests that register and reset SDKs.
     */
    public static void reset() {
        tracer = null;
        recheckAt = Long.MIN_VALUE;
    }

    /**
     * The context a request's work belongs to: the current one when something (the Java agent's
     * servlet span) already made a span current, else the caller's W3C {@code traceparent} and
     * {@code tracestate}, else the current (root) context.
     *
     * @param header reads a request header by name
     */
    public static Context incoming(Function<String, String> header) {
        Context current = Context.current();
        if (Span.fromContext(current).getSpanContext().isValid()) {
            return current;
        }
        return W3CTraceContextPropagator.getInstance().extract(current, header, HEADERS);
    }

    /**
     * Writes the W3C {@code traceparent} (and {@code tracestate}) of the current span into an
     * outgoing request; writes nothing when no span is current or tracing is off.
     */
    public static void inject(BiConsumer<String, String> header) {
        if (tracer() != null) {
            inject(Context.current(), header);
        }
    }

    /**
     * The context current on this thread, to carry to another thread; null when tracing is off,
     * so that a plain deployment never loads OpenTelemetry's context storage (its first use costs
     * tens of milliseconds).
     */
    public static Context currentContext() {
        return tracer() == null ? null : Context.current();
    }

    /** Makes a context {@link #currentContext()} returned current; a no-op scope for null. */
    public static Scope enter(Context context) {
        return context == null ? Scope.noop() : context.makeCurrent();
    }

    /** Writes the trace headers of the context's span; nothing when it holds none. */
    public static void inject(Context context, BiConsumer<String, String> header) {
        if (Span.fromContext(context).getSpanContext().isValid()) {
            W3CTraceContextPropagator.getInstance().inject(context, header, SETTER);
        }
    }

    /** The span context current on this thread, when it is a real one; null when tracing is off. */
    public static SpanContext currentSpan() {
        if (tracer() == null) {
            return null;
        }
        SpanContext span = Span.current().getSpanContext();
        return span.isValid() ? span : null;
    }
}
