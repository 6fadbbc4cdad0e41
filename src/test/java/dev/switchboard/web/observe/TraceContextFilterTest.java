package dev.switchboard.web.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.observe.Tracing;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The caller's trace context is current while a request passes, unless a span (the Java agent's) already is. */
class TraceContextFilterTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final Map<String, String> HEADERS = Map.of("traceparent", "00-" + TRACE + "-00f067aa0ba902b7-01");

    private final TraceContextFilter filter = new TraceContextFilter();
    private SpanContext seen;

    @AfterEach
    void reset() {
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
    }

    private static HttpServletRequest request() {
        return (HttpServletRequest) Proxy.newProxyInstance(TraceContextFilterTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getHeader")) {
                        return HEADERS.get(((String) args[0]).toLowerCase(java.util.Locale.ROOT));
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private void pass() throws Exception {
        filter.doFilter(request(), null, (request, response) -> seen = Span.current().getSpanContext());
    }

    @Test
    void withAnSdkTheCallersTraceparentIsCurrentDownstream() throws Exception {
        try (OpenTelemetrySdk sdk = sdk()) {
            pass();
            assertEquals(TRACE, seen.getTraceId());
            assertTrue(seen.isRemote(), "the caller's span, read from the header");
            assertFalse(Span.current().getSpanContext().isValid(), "and nothing stays current after the request");
        }
    }

    @Test
    void aSpanAlreadyCurrentIsKeptAndTheHeaderNotReadAgain() throws Exception {
        try (OpenTelemetrySdk sdk = sdk()) {
            Span server = sdk.getTracer("agent").spanBuilder("GET").startSpan(); // as the Java agent's servlet span
            try (Scope current = server.makeCurrent()) {
                pass();
            }
            server.end();
            assertEquals(server.getSpanContext(), seen);
        }
    }

    @Test
    void withoutTracingNothingIsMadeCurrent() throws Exception {
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
        pass();
        assertFalse(seen.isValid());
    }

    private static OpenTelemetrySdk sdk() {
        GlobalOpenTelemetry.resetForTest();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create())).build())
                .buildAndRegisterGlobal();
        Tracing.reset();
        return sdk;
    }
}
