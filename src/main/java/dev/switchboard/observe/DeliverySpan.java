package dev.switchboard.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The span of one push notification POST, an HTTP client span after OpenTelemetry's conventions,
 * in the trace the notified events were stored in. A retry is a span of its own that links to the
 * attempt before it and counts the attempts before it ({@code http.request.resend_count}). While
 * it is current, the POST carries its {@code traceparent}.
 */
public final class DeliverySpan implements AutoCloseable {
    static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<String> SERVER = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    static final AttributeKey<Long> RESENDS = AttributeKey.longKey("http.request.resend_count");

    private static final DeliverySpan NONE = new DeliverySpan(null, Scope.noop());

    private final Span span;
    private final Scope scope;

    private DeliverySpan(Span span, Scope scope) {
        this.span = span;
        this.scope = scope;
    }

    /**
     * Starts the span of a POST to {@code url} and makes it current; does nothing when tracing is off.
     *
     * @param origin   the context the events were stored in
     * @param previous the failed attempt before this one, or null
     * @param failures attempts that failed before this one
     */
    public static DeliverySpan start(Context origin, String taskId, String webhook, SpanContext previous,
                                     int failures) {
        Tracer tracer = Tracing.tracer();
        if (tracer == null) {
            return NONE;
        }
        URI url;
        try {
            url = new URI(webhook);
        } catch (URISyntaxException e) {
            url = URI.create("http:/"); // the guard refuses it; the span names no host
        }
        boolean https = "https".equalsIgnoreCase(url.getScheme());
        SpanBuilder builder = tracer.spanBuilder("POST").setParent(origin).setSpanKind(SpanKind.CLIENT)
                .setAttribute(METHOD, "POST").setAttribute(SCHEME, https ? "https" : "http")
                .setAttribute(OperationSpan.TASK_ID, taskId);
        if (url.getHost() != null) {
            builder.setAttribute(SERVER, url.getHost())
                    .setAttribute(PORT, (long) (url.getPort() > 0 ? url.getPort() : https ? 443 : 80));
        }
        if (failures > 0) {
            builder.setAttribute(RESENDS, (long) failures);
        }
        if (previous != null) {
            builder.addLink(previous);
        }
        Span span = builder.startSpan();
        return new DeliverySpan(span, origin.with(span).makeCurrent());
    }

    /** The span of this attempt, for the next one to link to; null when tracing is off. */
    public SpanContext context() {
        return span == null ? null : span.getSpanContext();
    }

    /** The webhook did not take it; the reason is the server's own wording, never a secret. */
    public void failed(String reason) {
        if (span != null) {
            span.setStatus(StatusCode.ERROR, reason);
            span.setAttribute(OperationSpan.ERROR_TYPE, reason.startsWith("answered ") && reason.length() >= 12
                    ? reason.substring(9, 12) : "delivery_failed");
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
