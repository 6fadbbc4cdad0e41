package dev.switchboard.observe;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Where the server's spans come from: the OpenTelemetry API's global instance, which the
 * OpenTelemetry Java agent or an SDK the deployer registers provides. With neither, tracing is off:
 * {@link #tracer()} is null and callers make no span at all, so that a plain deployment pays one
 * volatile read per operation. The instance is asked for on every use, never kept, so that an SDK
 * registered after start-up (or reset between tests) is the one used.
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

    private Tracing() {
    }

    /** Whether an OpenTelemetry implementation is present: the Java agent, or a registered SDK. */
    public static boolean isOn() {
        return GlobalOpenTelemetry.isSet();
    }

    /** The tracer, or null when tracing is off. */
    public static Tracer tracer() {
        return GlobalOpenTelemetry.isSet() ? GlobalOpenTelemetry.getTracer(SCOPE) : null;
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
     * outgoing request; writes nothing when no span is current.
     */
    public static void inject(BiConsumer<String, String> header) {
        inject(Context.current(), header);
    }

    /** Writes the trace headers of the context's span; nothing when it holds none. */
    public static void inject(Context context, BiConsumer<String, String> header) {
        if (Span.fromContext(context).getSpanContext().isValid()) {
            W3CTraceContextPropagator.getInstance().inject(context, header, SETTER);
        }
    }

    /** The span context current on this thread, when it is a real one. */
    public static SpanContext currentSpan() {
        SpanContext span = Span.current().getSpanContext();
        return span.isValid() ? span : null;
    }
}
