package dev.switchboard.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Tier;
import dev.switchboard.testing.LogCapture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seam every binding reports through: the request timer's names and labels, and the log line. */
class OperationsTest {
    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private LogCapture logged;

    @BeforeEach
    void listen() {
        logged = LogCapture.of(OperationLog.LOGGER);
    }

    @AfterEach
    void stopListening() {
        logged.close();
    }

    static String scrape(Metrics metrics) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        metrics.scrape(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void requestsAreTimedByOperationBindingAndOutcome() throws IOException {
        Metrics metrics = Metrics.on();
        Operations operations = new Operations(metrics, null);
        operations.begin(Binding.JSONRPC, Tier.PUBLIC, null).named(Operation.SEND_MESSAGE).ok();
        operations.begin(Binding.JSONRPC, Tier.PUBLIC, null).named(Operation.SEND_MESSAGE).ok();
        operations.begin(Binding.REST, Tier.PUBLIC, null).named(Operation.GET_TASK)
                .failed(new CompletionException(new A2AException(A2AError.TASK_NOT_FOUND, "no such task")));
        String text = scrape(metrics);
        assertTrue(text.contains("# TYPE switchboard_requests_seconds histogram"), text);
        assertTrue(text.contains(
                "switchboard_requests_seconds_count{binding=\"jsonrpc\",operation=\"SendMessage\",outcome=\"ok\"} 2"),
                text);
        assertTrue(text.contains(
                "switchboard_requests_seconds_count{binding=\"rest\",operation=\"GetTask\",outcome=\"TASK_NOT_FOUND\"} 1"),
                text);
        assertTrue(text.contains("switchboard_requests_seconds_bucket{binding=\"jsonrpc\",operation=\"SendMessage\","
                + "outcome=\"ok\",le=\"0.005\"}"), text);
    }

    @Test
    void anOperationEndsOnce() throws IOException {
        Metrics metrics = Metrics.on();
        OperationCall call = new Operations(metrics, null).begin(Binding.GRPC, Tier.PUBLIC, null)
                .named(Operation.SUBSCRIBE_TO_TASK);
        call.ok();
        call.failed("TASK_NOT_FOUND");
        String text = scrape(metrics);
        assertTrue(text.contains("operation=\"SubscribeToTask\",outcome=\"ok\"} 1"), text);
        assertFalse(text.contains("TASK_NOT_FOUND"), text);
    }

    @Test
    void aLimitInsideABindingCountsAsARefusal() throws IOException {
        Metrics metrics = Metrics.on();
        new Operations(metrics, null).begin(Binding.REST, Tier.PUBLIC, null).named(Operation.SEND_MESSAGE)
                .failed(new LimitExceeded("TASK_QUOTA", "too many tasks", 30));
        String text = scrape(metrics);
        assertTrue(text.contains("switchboard_limit_refusals_total{reason=\"TASK_QUOTA\"} 1"), text);
        assertTrue(text.contains("outcome=\"TASK_QUOTA\"} 1"), text);
    }

    @Test
    void theLogIsSilentWhenOff() {
        new Operations(Metrics.off(), null).begin(Binding.REST, Tier.OPERATOR, TRACEPARENT)
                .named(Operation.GET_TASK).ok();
        assertTrue(logged.messages().isEmpty(), logged.messages().toString());
    }

    @Test
    void theTextLineNamesTheOperationAndNothingSecret() {
        new Operations(Metrics.off(), OperationLog.of("text")).begin(Binding.JSONRPC, Tier.AUTHENTICATED, TRACEPARENT)
                .named(Operation.SEND_MESSAGE).line(ProtocolVersion.V1_0).task("task-1").ok();
        assertEquals(1, logged.messages().size());
        String line = logged.messages().get(0);
        assertTrue(line.startsWith("operation=SendMessage binding=jsonrpc protocolVersion=1.0 tier=authenticated "
                + "taskId=task-1 traceId=4bf92f3577b34da6a3ce929d0e0e4736 outcome=ok durationMs="), line);
    }

    @Test
    void theJsonLineIsOneObject() {
        new Operations(Metrics.off(), OperationLog.of("json")).begin(Binding.GRPC, Tier.PUBLIC, null)
                .named(Operation.CANCEL_TASK).line(ProtocolVersion.V0_3).failed("TASK_NOT_CANCELABLE");
        String line = logged.messages().get(0);
        assertTrue(line.startsWith("{\"operation\":\"CancelTask\",\"binding\":\"grpc\",\"protocolVersion\":\"0.3\","
                + "\"tier\":\"public\",\"outcome\":\"TASK_NOT_CANCELABLE\",\"durationMs\":"), line);
        assertFalse(line.contains("traceId"), line);
    }

    @Test
    void whatAClientWroteFreelyStaysOutOfTheLine() {
        OperationLog log = OperationLog.of("text");
        OperationCall call = new Operations(Metrics.off(), log).begin(Binding.REST, Tier.PUBLIC,
                        "00-zzzz2f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\nforged=1")
                .named(Operation.GET_TASK).task("abc\nforged=1 outcome=ok");
        call.failed("TASK_NOT_FOUND");
        String line = logged.messages().get(0);
        assertFalse(line.contains("forged"), line);
        assertFalse(line.contains("\n"), line);
        assertNull(OperationLog.traceId("00-00000000000000000000000000000000-00f067aa0ba902b7-01"));
        assertNull(OperationLog.traceId("garbage"));
    }

    @Test
    void grpcMethodNamesOfBothServicesAreOperations() {
        assertEquals(Operation.SEND_MESSAGE, Operation.ofRpc("SendMessage"));
        assertEquals(Operation.SUBSCRIBE_TO_TASK, Operation.ofRpc("TaskSubscription"));
        assertEquals(Operation.LIST_PUSH_CONFIGS, Operation.ofRpc("ListTaskPushNotificationConfig"));
        assertEquals(Operation.LIST_PUSH_CONFIGS, Operation.ofRpc("ListTaskPushNotificationConfigs"));
        assertEquals(Operation.GET_EXTENDED_AGENT_CARD, Operation.ofRpc("GetAgentCard"));
        assertEquals(Operation.UNKNOWN, Operation.ofRpc("Nope"));
    }

    @Test
    void offKeepsNothing() throws IOException {
        Metrics metrics = Metrics.off();
        metrics.pushDelivered();
        metrics.storeCommit(1_000_000, 3);
        new Operations(metrics, null).begin(Binding.REST, Tier.PUBLIC, null).ok();
        assertFalse(metrics.isOn());
        assertEquals("", scrape(metrics));
    }

    @Test
    void pushStoreAndGaugeMetersHaveTheirNames() throws IOException {
        Metrics metrics = Metrics.on();
        metrics.pushDelivered();
        metrics.pushRetried();
        metrics.pushCutOff();
        metrics.storeCommit(2_000_000, 3);
        metrics.refused("RATE_LIMITED");
        metrics.taskEntered("COMPLETED");
        metrics.gauge("switchboard.streams.open", "open streams", () -> 4);
        String text = scrape(metrics);
        assertTrue(text.contains("switchboard_push_deliveries_total{result=\"delivered\"} 1"), text);
        assertTrue(text.contains("switchboard_push_deliveries_total{result=\"retried\"} 1"), text);
        assertTrue(text.contains("switchboard_push_deliveries_total{result=\"cut_off\"} 1"), text);
        assertTrue(text.contains("switchboard_store_commit_seconds_count 1"), text);
        assertTrue(text.contains("switchboard_store_commit_events_sum 3"), text);
        assertTrue(text.contains("switchboard_limit_refusals_total{reason=\"RATE_LIMITED\"} 1"), text);
        assertTrue(text.contains("switchboard_tasks_total{state=\"COMPLETED\"} 1"), text);
        assertTrue(text.contains("switchboard_streams_open 4"), text);
        assertTrue(Metrics.contentType().startsWith("text/plain; version=0.0.4"), Metrics.contentType());
    }
}
