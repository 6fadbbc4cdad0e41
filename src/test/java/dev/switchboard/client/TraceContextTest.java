package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.observe.Tracing;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call made where a span is current (a skill calling another agent) carries its W3C trace
 * context; without tracing, the client sends no trace header.
 */
class TraceContextTest {
    private static final String CARD_PATH = "/.well-known/agent-card.json";

    private final FakeAgent agent;

    TraceContextTest() throws IOException {
        agent = new FakeAgent();
        agent.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, DiscoveryTest.TASK);
    }

    @AfterEach
    void stop() {
        agent.close();
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
    }

    @Test
    void aCallInsideASpanCarriesItsTraceparent() {
        GlobalOpenTelemetry.resetForTest();
        try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create())).build())
                .buildAndRegisterGlobal()) {
            Tracing.reset();
            A2AClient client = A2AClient.builder().connect(agent.base());
            Span skill = GlobalOpenTelemetry.getTracer("test").spanBuilder("invoke_agent").startSpan();
            try (Scope current = skill.makeCurrent()) {
                client.getTask("t1");
            } finally {
                skill.end();
            }
            FakeAgent.Received call = agent.received.stream().filter(r -> r.path().equals("/rpc")).findFirst()
                    .orElseThrow();
            String sent = call.header("traceparent");
            assertEquals("00-" + skill.getSpanContext().getTraceId() + "-" + skill.getSpanContext().getSpanId(),
                    sent == null ? null : sent.substring(0, 52), "the call continues the current span: " + sent);
        }
    }

    @Test
    void withoutTracingNoTraceHeaderIsSent() {
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
        A2AClient.builder().connect(agent.base()).getTask("t1");
        agent.received.forEach(received -> assertNull(received.header("traceparent"), received.path()));
    }
}
