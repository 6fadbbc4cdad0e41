package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.observe.Metrics;
import dev.switchboard.observe.Operations;
import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.push.DeliverySigner;
import dev.switchboard.push.PushDelivery;
import dev.switchboard.push.RetrySchedule;
import dev.switchboard.push.StreamResponseEncoder;
import dev.switchboard.push.WebhookGuard;
import dev.switchboard.push.WebhookPost;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import dev.switchboard.task.InputLimits;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.jsonrpc.JsonRpcCall;
import dev.switchboard.web.jsonrpc.JsonRpcDispatcher;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import java.io.ByteArrayInputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With an OpenTelemetry SDK registered, one request is one trace: the caller's {@code traceparent}
 * → the operation's span → the agent's run on the pool → the push notification's POST, whose
 * request carries the trace on to the webhook.
 */
class TracedRequestTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    @TempDir
    Path dir;
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final BlockingQueue<Map<String, List<String>>> hooks = new ArrayBlockingQueue<>(16);
    private OpenTelemetrySdk sdk;
    private TaskDatabase db;
    private HttpServer webhook;
    private PushDelivery delivery;
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final ExecutorService writers = Executors.newFixedThreadPool(2);

    @BeforeEach
    void start() throws Exception {
        GlobalOpenTelemetry.resetForTest();
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans))
                        .build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .buildAndRegisterGlobal();
        Tracing.reset();
        db = StoreTesting.open(dir);
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            hooks.add(Map.copyOf(exchange.getRequestHeaders()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        while (hooks.poll(1, TimeUnit.SECONDS) != null) {
            // the task's later events are still being delivered; the store must stay open for them
        }
        if (delivery != null) {
            delivery.close();
        }
        workers.shutdownNow();
        writers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
        writers.awaitTermination(5, TimeUnit.SECONDS);
        webhook.stop(0);
        db.close();
        sdk.close();
        GlobalOpenTelemetry.resetForTest();
        Tracing.reset();
    }

    @Test
    void aSendItsAgentRunAndItsWebhookPostAreOneTrace() throws Exception {
        JsonRpcDispatcher dispatcher = new JsonRpcDispatcher(tasks(), new Tenants(null), null, true,
                new Operations(Metrics.off(), null));
        String url = "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook";
        String send = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"role\":"
                + "\"ROLE_USER\",\"messageId\":\"m-trace-1\",\"parts\":[{\"text\":\"hello\"}]},\"configuration\":"
                + "{\"taskPushNotificationConfig\":{\"url\":\"" + url + "\"}}}}";
        String traceparent = "00-" + TRACE + "-" + CALLER_SPAN + "-01";
        // what the trace-context filter does for a request that arrives without the Java agent
        try (Scope caller = Tracing.incoming(Map.of("traceparent", traceparent, "tracestate", "vendor=1")::get)
                .makeCurrent()) {
            dispatcher.answer(call(send, traceparent)).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        Map<String, List<String>> hook = hooks.poll(10, TimeUnit.SECONDS);
        assertNotNull(hook, "the webhook was notified");

        SpanData operation = await("A2A SendMessage");
        SpanData run = await("invoke_agent");
        SpanData post = await("POST");
        assertEquals(SpanKind.SERVER, operation.getKind());
        assertEquals(CALLER_SPAN, operation.getParentSpanId(), "the operation continues the caller's span");
        assertEquals("jsonrpc", operation.getAttributes().get(io.opentelemetry.api.common.AttributeKey
                .stringKey("rpc.system")));
        assertEquals("ok", attribute(operation, "a2a.outcome"));
        String taskId = attribute(operation, "a2a.task.id");
        assertNotNull(taskId);
        assertNotNull(attribute(operation, "a2a.context.id"));
        assertEquals("1.0", attribute(operation, "a2a.protocol.version"));
        assertEquals("public", attribute(operation, "a2a.caller.tier"));
        assertEquals("1", operation.getSpanContext().getTraceState().get("vendor"), "the caller's tracestate is kept");

        assertEquals(operation.getSpanId(), run.getParentSpanId(), "the agent's run is the operation's child");
        assertEquals(taskId, attribute(run, "a2a.task.id"));
        assertEquals(SpanKind.CLIENT, post.getKind());
        assertEquals(TRACE, post.getTraceId(), "the notification is in the request's trace");
        assertTrue(Set.of(run.getSpanId(), operation.getSpanId()).contains(post.getParentSpanId()),
                "the POST continues the span its events were stored in: " + post.getParentSpanId());
        for (SpanData span : List.of(operation, run, post)) {
            assertEquals(TRACE, span.getTraceId(), span.getName());
        }
        String sent = hook.get("Traceparent").get(0);
        assertEquals("00-" + TRACE + "-" + post.getSpanId() + "-01", sent, "the webhook reads the POST's span");
    }

    @Test
    void withoutAnImplementationNoSpanIsMadeAndTheWebhookGetsNoTraceparent() throws Exception {
        GlobalOpenTelemetry.resetForTest(); // as in a plain deployment: no agent, no SDK
        Tracing.reset();
        JsonRpcDispatcher dispatcher = new JsonRpcDispatcher(tasks(), new Tenants(null), null, true,
                new Operations(Metrics.off(), null));
        String send = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"role\":"
                + "\"ROLE_USER\",\"messageId\":\"m-trace-2\",\"parts\":[{\"text\":\"hello\"}]},\"configuration\":"
                + "{\"taskPushNotificationConfig\":{\"url\":\"http://127.0.0.1:" + webhook.getAddress().getPort()
                + "/hook\"}}}}";
        dispatcher.answer(call(send, "00-" + TRACE + "-" + CALLER_SPAN + "-01")).toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        Map<String, List<String>> hook = hooks.poll(10, TimeUnit.SECONDS);
        assertNotNull(hook, "the webhook was notified");
        assertEquals(null, hook.get("Traceparent"), "nothing to propagate without tracing");
        assertTrue(spans.getFinishedSpanItems().isEmpty(), spans.getFinishedSpanItems().toString());
    }

    private TaskService tasks() {
        Clock clock = Clock.systemUTC();
        TaskStore store = StoreTesting.tasks(db, clock);
        PushConfigStore configs = StoreTesting.pushConfigs(db, dir, clock);
        WebhookGuard guard = new WebhookGuard(new PushSettings(true, true, true, Set.of(),
                List.of(Cidr.parse("127.0.0.0/8")), 10, 100, 1, Duration.ofSeconds(10)));
        TaskEvents events = new TaskEvents();
        delivery = new PushDelivery(configs, store, guard, new WebhookPost(), DeliverySigner.inDirectory(dir, clock),
                List.of(new StreamResponseEncoder()), RetrySchedule.DEFAULT, clock, 1, Duration.ofSeconds(10));
        events.afterEveryPublish(delivery::stored);
        delivery.start();
        AgentExecutor echo = (request, updater) -> updater.complete(List.of(new Artifact("a1", "echo", null,
                List.of(Part.text("echo")), null, List.of())), "done");
        return new TaskService(store, events, echo, workers, writers, clock, "test", InputLimits.DEFAULT,
                new PushConfigs(store, configs, guard, 10, 100));
    }

    private SpanData await(String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (SpanData span : spans.getFinishedSpanItems()) {
                if (span.getName().equals(name)) {
                    return span;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no span " + name + " among " + spans.getFinishedSpanItems());
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(io.opentelemetry.api.common.AttributeKey.stringKey(key));
    }

    private static JsonRpcCall call(String body, String traceparent) {
        return new JsonRpcCall("application/json", null, null, null, RequestedVersion.of("1.0"), CallExtensions.NONE,
                BindingHarness.ANONYMOUS, "192.0.2.7", new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
                traceparent);
    }
}
