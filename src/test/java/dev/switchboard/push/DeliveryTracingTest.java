package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each webhook POST is a client span in the trace its events were stored in, and carries its
 * traceparent; a retry is a span of its own linked to the failed attempt before it.
 */
class DeliveryTracingTest {
    @TempDir
    Path dir;
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();
    private final AtomicInteger failuresLeft = new AtomicInteger(1);
    private OpenTelemetrySdk sdk;
    private TaskDatabase db;
    private HttpServer webhook;

    @BeforeEach
    void start() throws Exception {
        GlobalOpenTelemetry.resetForTest();
        sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).buildAndRegisterGlobal();
        Tracing.reset();
        db = StoreTesting.open(dir);
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            traceparents.add(exchange.getRequestHeaders().getFirst("traceparent"));
            exchange.sendResponseHeaders(failuresLeft.getAndDecrement() > 0 ? 500 : 204, -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterEach
    void stop() {
        webhook.stop(0);
        db.close();
        sdk.close();
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
    }

    @Test
    void aRetryIsLinkedToTheFailedAttemptAndBothAreInTheTraceTheEventsWereStoredIn() {
        Clock clock = Clock.systemUTC();
        TaskStore tasks = StoreTesting.tasks(db, clock);
        PushConfigStore configs = StoreTesting.pushConfigs(db, dir, clock);
        Task task = StoreTesting.task("t1", "c1", TaskState.SUBMITTED, clock.instant());
        tasks.create(task, "anon:a", null, List.of(task));
        configs.save(new TaskPushNotificationConfig(null, "p1", "t1",
                "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook", null, null), ProtocolVersion.V1_0, 0);
        PushSettings open = new PushSettings(true, true, true, Set.of(), List.of(Cidr.parse("127.0.0.0/8")));
        PushDelivery delivery = new PushDelivery(configs, tasks, new WebhookGuard(open), new WebhookPost(),
                DeliverySigner.inDirectory(dir, clock), List.of(new StreamResponseEncoder()), RetrySchedule.DEFAULT,
                clock, 1, Duration.ofSeconds(10));
        Span run = GlobalOpenTelemetry.getTracer("test").spanBuilder("run").startSpan();
        try {
            try (Scope stored = run.makeCurrent()) {
                delivery.traced("t1"); // what stored() does on the thread that stored the events (without the nudge)
            }
            run.end();
            delivery.deliver(configs.find("t1", "p1").orElseThrow()); // 500
            delivery.deliver(configs.find("t1", "p1").orElseThrow()); // the retry: 204
        } finally {
            delivery.close();
        }
        List<SpanData> posts = spans.getFinishedSpanItems().stream().filter(span -> span.getName().equals("POST"))
                .toList();
        assertEquals(2, posts.size(), spans.getFinishedSpanItems().toString());
        SpanData failed = posts.get(0);
        SpanData retry = posts.get(1);
        for (SpanData post : posts) {
            assertEquals(SpanKind.CLIENT, post.getKind());
            assertEquals(run.getSpanContext().getTraceId(), post.getTraceId(), "in the trace the events were stored in");
            assertEquals(run.getSpanContext().getSpanId(), post.getParentSpanId());
        }
        assertEquals(StatusCode.ERROR, failed.getStatus().getStatusCode(), posts.toString() + traceparents);
        assertEquals("500", failed.getAttributes().get(AttributeKey.stringKey("error.type")));
        assertEquals(1, retry.getLinks().size(), "the retry links to the attempt before it");
        assertEquals(failed.getSpanContext(), retry.getLinks().get(0).getSpanContext());
        assertEquals(1L, retry.getAttributes().get(AttributeKey.longKey("http.request.resend_count")));
        assertEquals(StatusCode.UNSET, retry.getStatus().getStatusCode());
        assertEquals(2, traceparents.size());
        assertTrue(traceparents.get(0).contains(failed.getSpanId()), traceparents.get(0));
        assertTrue(traceparents.get(1).contains(retry.getSpanId()), traceparents.get(1));
    }
}
