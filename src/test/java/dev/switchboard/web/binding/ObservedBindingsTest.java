package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.observe.Metrics;
import dev.switchboard.observe.OperationLog;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.web.jsonrpc.JsonRpcCall;
import dev.switchboard.web.jsonrpc.JsonRpcDispatcher;
import dev.switchboard.web.rest.RestBinding;
import dev.switchboard.web.rest.RestCall;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both HTTP bindings report every operation through the one seam: its timer and its log line. */
class ObservedBindingsTest {
    private static final String SECRET_TEXT = "my-very-secret-message-text";
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    @TempDir
    static Path dir;
    static BindingHarness harness;
    static Metrics metrics;
    static Operations operations;
    static final List<String> LINES = new ArrayList<>();
    static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            LINES.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    static void start() {
        harness = new BindingHarness(dir);
        metrics = Metrics.on();
        operations = new Operations(metrics, OperationLog.of("json"));
        Logger.getLogger(OperationLog.LOGGER).addHandler(CAPTURE);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        Logger.getLogger(OperationLog.LOGGER).removeHandler(CAPTURE);
        harness.close();
    }

    private static String scrape() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        metrics.scrape(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void jsonRpcSendAndAFailedGetAreReported() throws Exception {
        JsonRpcDispatcher dispatcher = new JsonRpcDispatcher(harness.tasks, new Tenants(null), harness.extendedCard,
                true, operations);
        String send = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"role\":"
                + "\"ROLE_USER\",\"messageId\":\"m-obs-1\",\"parts\":[{\"text\":\"" + SECRET_TEXT + "\"}]}}}";
        dispatcher.answer(call(send)).toCompletableFuture().get(10, TimeUnit.SECONDS);
        dispatcher.answer(call("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"GetTask\",\"params\":{\"id\":\"nope\"}}"))
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        dispatcher.answer(call("{not json")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        String text = scrape();
        assertTrue(text.contains(
                "switchboard_requests_seconds_count{binding=\"jsonrpc\",operation=\"SendMessage\",outcome=\"ok\"} 1"),
                text);
        assertTrue(text.contains("switchboard_requests_seconds_count{binding=\"jsonrpc\",operation=\"GetTask\","
                + "outcome=\"TASK_NOT_FOUND\"} 1"), text);
        assertTrue(text.contains("operation=\"unknown\",outcome=\"PARSE_ERROR\"} 1"), text);
        String sent = LINES.stream().filter(line -> line.contains("\"SendMessage\"")).findFirst().orElseThrow();
        assertTrue(sent.contains("\"traceId\":\"" + TRACE + "\""), sent);
        assertTrue(sent.contains("\"taskId\":"), sent);
        assertTrue(sent.contains("\"tier\":\"public\""), sent);
        LINES.forEach(line -> assertFalse(line.contains(SECRET_TEXT) || line.contains("anon:test"), line));
    }

    @Test
    void restOperationsAreReportedByTheirA2ANames() throws Exception {
        RestBinding rest = new RestBinding(harness.tasks, harness.extendedCard, ProtocolVersion.V1_0, true,
                operations);
        assertEquals(404, rest.get(new RestCall(null, RequestedVersion.of((String) null), BindingHarness.ANONYMOUS,
                "192.0.2.7", null, null, null, null, null, null, CallExtensions.NONE, null), "missing").status());
        String text = scrape();
        assertTrue(text.contains("switchboard_requests_seconds_count{binding=\"rest\",operation=\"GetTask\","
                + "outcome=\"TASK_NOT_FOUND\"} 1"), text);
    }

    private static JsonRpcCall call(String body) {
        return new JsonRpcCall("application/json", null, null, null, RequestedVersion.of("1.0"), CallExtensions.NONE,
                BindingHarness.ANONYMOUS, "192.0.2.7", new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
                "00-" + TRACE + "-00f067aa0ba902b7-01");
    }
}
