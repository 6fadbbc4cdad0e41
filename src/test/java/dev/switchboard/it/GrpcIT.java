package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.AgentCard;
import com.google.lf.a2a.v1.CancelTaskRequest;
import com.google.lf.a2a.v1.DeleteTaskPushNotificationConfigRequest;
import com.google.lf.a2a.v1.GetExtendedAgentCardRequest;
import com.google.lf.a2a.v1.GetTaskPushNotificationConfigRequest;
import com.google.lf.a2a.v1.GetTaskRequest;
import com.google.lf.a2a.v1.ListTaskPushNotificationConfigsRequest;
import com.google.lf.a2a.v1.ListTasksRequest;
import com.google.lf.a2a.v1.ListTasksResponse;
import com.google.lf.a2a.v1.Message;
import com.google.lf.a2a.v1.Part;
import com.google.lf.a2a.v1.Role;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.lf.a2a.v1.SubscribeToTaskRequest;
import com.google.lf.a2a.v1.Task;
import com.google.lf.a2a.v1.TaskPushNotificationConfig;
import com.google.lf.a2a.v1.TaskState;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import dev.switchboard.security.Tier;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The A2A 1.0 gRPC service in the WAR on the real Tomcat, over h2c with grpc-java's own client:
 * every RPC, streams, errors with their details, isolation between callers, and refusals by the
 * filters in gRPC's form.
 */
class GrpcIT extends OnTomcat {
    @RegisterExtension
    final GrpcChannel channel = new GrpcChannel(() -> base);
    private final String alice = "grpc-alice-" + UUID.randomUUID();
    private final String bob = "grpc-bob-" + UUID.randomUUID();

    private A2AServiceGrpc.A2AServiceBlockingStub as(String who) {
        return A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(
                headers(who))).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    static Metadata headers(String who) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("a2a-version", Metadata.ASCII_STRING_MARSHALLER), "1.0");
        if (who.equals(Callers.OPERATOR) || who.startsWith("sbk_") || who.startsWith("Bearer ")) {
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
                    who.startsWith("Bearer ") ? who : "Bearer " + who);
        } else {
            headers.put(Metadata.Key.of("x-switchboard-caller-key", Metadata.ASCII_STRING_MARSHALLER), who);
        }
        return headers;
    }

    static SendMessageRequest send(String text) {
        return SendMessageRequest.newBuilder().setMessage(Message.newBuilder().setMessageId(UUID.randomUUID().toString())
                .setRole(Role.ROLE_USER).addParts(Part.newBuilder().setText(text))
                .setMetadata(Struct.newBuilder().putFields("skill", Value.newBuilder().setStringValue("echo").build())))
                .build();
    }

    static ErrorInfo errorInfo(StatusRuntimeException e) {
        com.google.rpc.Status status = StatusProto.fromThrowable(e);
        return status.getDetailsList().stream().filter(any -> any.is(ErrorInfo.class)).findFirst()
                .map(any -> {
                    try {
                        return any.unpack(ErrorInfo.class);
                    } catch (com.google.protobuf.InvalidProtocolBufferException x) {
                        throw new AssertionError(x);
                    }
                }).orElseThrow(() -> new AssertionError("no ErrorInfo in " + status));
    }

    @Test
    void theCardListsGrpcAfterTheOtherBindingsInBothLines() {
        JsonObject card = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
        List<String> bindings = new ArrayList<>();
        card.getJsonArray("supportedInterfaces").getValuesAs(JsonObject.class).forEach(i -> bindings.add(
                i.getString("protocolBinding") + " " + i.getString("protocolVersion")));
        assertEquals(List.of("JSONRPC 1.0", "HTTP+JSON 1.0", "GRPC 1.0", "JSONRPC 0.3", "HTTP+JSON 0.3", "GRPC 0.3"),
                bindings);
        JsonObject grpc = card.getJsonArray("supportedInterfaces").getJsonObject(2);
        assertTrue(grpc.getString("url").endsWith(":" + base.getPort()), grpc.toString());
    }

    @Test
    void aSentMessageIsATaskThatGetAndListRead() {
        SendMessageResponse sent = as(alice).sendMessage(send("hello over gRPC"));
        assertTrue(sent.hasTask(), sent.toString());
        Task task = sent.getTask();
        assertEquals(TaskState.TASK_STATE_COMPLETED, task.getStatus().getState());
        assertEquals("hello over gRPC", task.getArtifacts(0).getParts(0).getText());
        assertEquals(task.getId(), as(alice).getTask(GetTaskRequest.newBuilder().setId(task.getId()).build()).getId());
        ListTasksResponse listed = as(alice).listTasks(ListTasksRequest.newBuilder().setContextId(task.getContextId())
                .build());
        assertEquals(1, listed.getTotalSize());
        assertEquals(task.getId(), listed.getTasks(0).getId());
    }

    @Test
    void anotherCallerFindsNeitherTheTaskNorItInItsList() {
        Task task = as(alice).sendMessage(send("mine")).getTask();
        StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> as(bob).getTask(GetTaskRequest.newBuilder().setId(task.getId()).build()));
        assertEquals(Status.Code.NOT_FOUND, refused.getStatus().getCode(), refused.getStatus().toString());
        ErrorInfo info = errorInfo(refused);
        assertEquals("TASK_NOT_FOUND", info.getReason());
        assertEquals("a2a-protocol.org", info.getDomain());
        assertEquals(0, as(bob).listTasks(ListTasksRequest.newBuilder().setContextId(task.getContextId()).build())
                .getTotalSize());
        assertThrows(StatusRuntimeException.class,
                () -> as(bob).cancelTask(CancelTaskRequest.newBuilder().setId(task.getId()).build()));
    }

    @Test
    void aStreamCarriesEveryEventAndEndsWhenTheTaskDoes() {
        Iterator<StreamResponse> events = as(alice).sendStreamingMessage(send("chunks:3"));
        List<StreamResponse> seen = new ArrayList<>();
        events.forEachRemaining(seen::add);
        assertTrue(seen.get(0).hasTask(), seen.get(0).toString());
        assertEquals(3, seen.stream().filter(StreamResponse::hasArtifactUpdate).count(), seen.toString());
        StreamResponse last = seen.get(seen.size() - 1);
        assertEquals(TaskState.TASK_STATE_COMPLETED, last.getStatusUpdate().getStatus().getState());
    }

    @Test
    void aSubscriberSeesTheCancellationAndTheStreamEnds() throws Exception {
        Task waiting = as(alice).sendMessage(send("input")).getTask();
        assertEquals(TaskState.TASK_STATE_INPUT_REQUIRED, waiting.getStatus().getState());
        Iterator<StreamResponse> events = as(alice).subscribeToTask(SubscribeToTaskRequest.newBuilder()
                .setId(waiting.getId()).build());
        assertTrue(events.next().hasTask(), "a subscription starts with the task");
        Task canceled = as(alice).cancelTask(CancelTaskRequest.newBuilder().setId(waiting.getId()).build());
        assertEquals(TaskState.TASK_STATE_CANCELED, canceled.getStatus().getState());
        StreamResponse next = events.next();
        assertEquals(TaskState.TASK_STATE_CANCELED, next.getStatusUpdate().getStatus().getState());
        assertFalse(events.hasNext(), "the stream ends with the task");
    }

    @Test
    void aBadRequestIsInvalidArgumentNamingTheField() {
        StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> as(alice).sendMessage(SendMessageRequest.getDefaultInstance()));
        assertEquals(Status.Code.INVALID_ARGUMENT, refused.getStatus().getCode(), refused.getStatus().toString());
        com.google.rpc.Status status = StatusProto.fromThrowable(refused);
        assertTrue(status.getDetailsList().stream().anyMatch(any -> any.is(BadRequest.class)), status.toString());
        assertFalse(refused.getStatus().getDescription().contains("Exception"), refused.getStatus().toString());
    }

    @Test
    void aRefusedCredentialIsUnauthenticatedWithItsReason() {
        StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> as("Bearer not-the-operator-token").getTask(GetTaskRequest.newBuilder().setId("x").build()));
        assertEquals(Status.Code.UNAUTHENTICATED, refused.getStatus().getCode(), refused.getStatus().toString());
        assertEquals("INVALID_TOKEN", errorInfo(refused).getReason());
    }

    @Test
    void aVersionTheServiceDoesNotSpeakIsRefused() {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("a2a-version", Metadata.ASCII_STRING_MARSHALLER), "0.3");
        StatusRuntimeException refused = assertThrows(StatusRuntimeException.class, () -> A2AServiceGrpc
                .newBlockingStub(channel.get()).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .getTask(GetTaskRequest.newBuilder().setId("x").build()));
        assertEquals(Status.Code.FAILED_PRECONDITION, refused.getStatus().getCode(), refused.getStatus().toString());
        assertEquals("VERSION_NOT_SUPPORTED", errorInfo(refused).getReason());
    }

    @Test
    void pushConfigsAreCreatedReadListedAndDeletedByTheTasksOwnerOnly() {
        Task waiting = as(alice).sendMessage(send("input")).getTask();
        TaskPushNotificationConfig created = as(alice).createTaskPushNotificationConfig(TaskPushNotificationConfig
                .newBuilder().setTaskId(waiting.getId()).setId("grpc-hook").setUrl("https://hooks.example.com/grpc")
                .setToken("grpc-token").build());
        assertEquals("grpc-hook", created.getId());
        assertEquals(waiting.getId(), created.getTaskId());
        GetTaskPushNotificationConfigRequest named = GetTaskPushNotificationConfigRequest.newBuilder()
                .setTaskId(waiting.getId()).setId("grpc-hook").build();
        assertEquals("https://hooks.example.com/grpc", as(alice).getTaskPushNotificationConfig(named).getUrl());
        assertEquals(1, as(alice).listTaskPushNotificationConfigs(ListTaskPushNotificationConfigsRequest.newBuilder()
                .setTaskId(waiting.getId()).build()).getConfigsCount());
        StatusRuntimeException hidden = assertThrows(StatusRuntimeException.class,
                () -> as(bob).getTaskPushNotificationConfig(named));
        assertEquals(Status.Code.NOT_FOUND, hidden.getStatus().getCode(), hidden.getStatus().toString());
        as(alice).deleteTaskPushNotificationConfig(DeleteTaskPushNotificationConfigRequest.newBuilder()
                .setTaskId(waiting.getId()).setId("grpc-hook").build());
        assertEquals(0, as(alice).listTaskPushNotificationConfigs(ListTaskPushNotificationConfigsRequest.newBuilder()
                .setTaskId(waiting.getId()).build()).getConfigsCount());
    }

    @Test
    void aTaskMadeOverGrpcIsTheSameTaskOverJsonRpcAndHttpJson() {
        Task overGrpc = as(alice).sendMessage(send("one task, three bindings")).getTask();
        JsonObject overRpc = Callers.rpc(http, alice, "GetTask", JsonRpc.id(overGrpc.getId())).getJsonObject("result");
        JsonObject overRest = Http.json(Callers.rest(http, alice, "GET", "/tasks/" + overGrpc.getId(), null));
        for (JsonObject task : List.of(overRpc, overRest)) {
            assertEquals(overGrpc.getId(), task.getString("id"));
            assertEquals(overGrpc.getContextId(), task.getString("contextId"));
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
            assertEquals("one task, three bindings", task.getJsonArray("artifacts").getJsonObject(0)
                    .getJsonArray("parts").getJsonObject(0).getString("text"));
        }
        Task read = as(alice).getTask(GetTaskRequest.newBuilder().setId(overRpc.getString("id")).build());
        assertEquals(overGrpc.getArtifactsList(), read.getArtifactsList());
    }

    /** CI runs no load; it checks that bench/grpc-load.sh's client still runs against the server. */
    @Test
    void theGrpcLoadBenchmarkStillRuns() throws Exception {
        // as a key holder: the anonymous task quota would stop an anonymous load, and every test here
        // calls from the same address
        String key = Callers.KEYS.issue("load", Tier.AUTHENTICATED, Duration.ofHours(1));
        String line = dev.switchboard.bench.GrpcLoad.run(base.getHost(), base.getPort(), false, 2, 1, key);
        assertTrue(line.startsWith("LOAD requests="), line);
        assertFalse(line.startsWith("LOAD requests=0 "), line);
        String jsonRpc = dev.switchboard.bench.JsonRpcLoad.run(base.getHost(), base.getPort(), 2, 1, key);
        assertTrue(jsonRpc.startsWith("LOAD requests="), jsonRpc);
        assertFalse(jsonRpc.startsWith("LOAD requests=0 "), jsonRpc);
        assertTrue(jsonRpc.contains(" non2xx=0 "), jsonRpc);
    }

    /** CI runs no load; it checks that bench/grpc-pairs.sh (h2load against wrk) still runs, for a second a row. */
    @Test
    void theTwoCClientsBenchmarkStillRuns() throws Exception {
        for (String tool : List.of("h2load", "wrk", "curl")) {
            Assumptions.assumeTrue(Programs.onPath(tool),
                    "bench/grpc-pairs.sh needs " + tool + " (apt-get install nghttp2-client wrk curl)");
        }
        Path frame = Files.createTempFile("send", ".grpc");
        Path log = Path.of("target", "grpc-pairs-smoke.log");
        try {
            Files.write(frame, dev.switchboard.bench.GrpcLoad.frame(
                    dev.switchboard.bench.GrpcLoad.sendRequest()));
            ProcessBuilder script = new ProcessBuilder("bash", "bench/grpc-pairs.sh",
                    "http://" + base.getHost() + ":" + base.getPort()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            // as a key holder: every test here calls from one address, whose anonymous task quota
            // would refuse the rows' calls
            script.environment().putAll(Map.of("PAIRS", "1", "WARMUP", "0", "DURATION", "1",
                    "CONNS", "2", "FRAME", frame.toString(),
                    "BEARER", Callers.KEYS.issue("pairs", Tier.AUTHENTICATED, Duration.ofHours(1))));
            Process process = script.start();
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "bench/grpc-pairs.sh did not finish");
            String output = Files.readString(log);
            assertEquals(0, process.exitValue(), output);
            for (String row : List.of("1    grpc ", "1    jsonrpc ")) {
                assertTrue(output.lines().anyMatch(line -> line.startsWith(row)), "no row " + row + " in\n" + output);
            }
            // the script names h2load's answers that were not 2xx; a 5xx would be the server's failure
            assertFalse(output.lines().anyMatch(line -> line.startsWith("h2load: ") && !line.contains(" 0 5xx")),
                    output);
        } finally {
            Files.deleteIfExists(frame);
        }
    }

    @Test
    void theExtendedCardIsTheKeyHoldersAndNotTheAnonymousCallers() {
        String key = Callers.KEYS.issue("grpc", Tier.AUTHENTICATED, Duration.ofHours(1));
        AgentCard card = as(key).getExtendedAgentCard(GetExtendedAgentCardRequest.getDefaultInstance());
        assertFalse(card.getName().isEmpty());
        assertThrows(StatusRuntimeException.class,
                () -> as(alice).getExtendedAgentCard(GetExtendedAgentCardRequest.getDefaultInstance()));
    }

    @Test
    void callsTheClientAbandonsAreNoIncidentsInTheServersLog() throws Exception {
        long before = incidentsOnGrpcPaths();
        // a key holder's calls: an address's anonymous task quota would refuse most of them
        String key = Callers.KEYS.issue("abandoning", Tier.AUTHENTICATED, Duration.ofHours(1));
        ManagedChannel abandoned = GrpcChannel.open(base);
        A2AServiceGrpc.A2AServiceFutureStub stub = A2AServiceGrpc.newFutureStub(abandoned)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers(key)));
        List<ListenableFuture<SendMessageResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            calls.add(stub.sendMessage(send("abandoned " + i)));
        }
        // once the first is answered the others are in the server's hands: resetting them now
        // is a client leaving mid-call, as a load tool at its deadline or a cancelled caller does
        calls.get(0).get(30, TimeUnit.SECONDS);
        abandoned.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        assertTrue(calls.stream().anyMatch(call -> call.isCancelled() || !call.isDone() || failed(call)),
                "some calls were still running when the client left");
        Thread.sleep(3_000);  // the container's log handler writes asynchronously
        assertEquals(before, incidentsOnGrpcPaths(), "a client's reset is its own doing, not a server incident");
        assertTrue(as(key).sendMessage(send("still here")).hasTask());
    }

    /**
     * A client that resets calls as they complete (cancelled calls, deadlines, a load tool
     * stopping) must not fail another caller's calls. Tomcat 11.0.24 and 11.0.25 put such a
     * stream's request back in its pool uncleared, and the next stream to take it, on any
     * connection, is answered with a bare HTTP 500, unless the connector discards them (README's
     * deployment guide). The resetting client's own connection may still be closed by Tomcat
     * (INTERNAL_ERROR or, for a burst of resets, its overhead protection): that is its own doing,
     * and is not checked here.
     */
    @Test
    void callsOneClientResetsFailNoOtherCallersCalls() throws Exception {
        ManagedChannel resetting = GrpcChannel.open(base);
        A2AServiceGrpc.A2AServiceFutureStub resetter = A2AServiceGrpc.newFutureStub(resetting).withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(headers(Callers.KEYS.issue("resetting", Tier.AUTHENTICATED,
                        Duration.ofHours(1)))));
        List<String> outcomes = new ArrayList<>();
        try {
            for (int round = 0; round < 4; round++) {
                List<ListenableFuture<SendMessageResponse>> calls = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    calls.add(resetter.sendMessage(send("reset " + i)));
                }
                Thread.sleep(5);
                for (int i = 0; i < calls.size(); i += 2) {
                    calls.get(i).cancel(true);
                }
                for (int i = 1; i < calls.size(); i += 2) {
                    outcomes.add(outcome(calls.get(i)));
                }
            }
        } finally {
            resetting.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        A2AServiceGrpc.A2AServiceFutureStub other = A2AServiceGrpc.newFutureStub(channel.get()).withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(headers(Callers.KEYS.issue("other", Tier.AUTHENTICATED,
                        Duration.ofHours(1)))));
        List<ListenableFuture<SendMessageResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            calls.add(other.sendMessage(send("other " + i)));
        }
        List<String> others = calls.stream().map(GrpcIT::outcome).toList();
        assertEquals(List.of(), others.stream().filter(o -> !o.equals("OK")).toList(), "another caller's calls");
        assertEquals(List.of(), outcomes.stream().filter(o -> o.contains("HTTP status code 500")).toList(),
                "the resetting client's calls it did not reset");
    }

    private static String outcome(Future<?> call) {
        try {
            call.get(30, TimeUnit.SECONDS);
            return "OK";
        } catch (ExecutionException e) {
            return Status.fromThrowable(e.getCause()).toString();
        } catch (TimeoutException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e.toString();
        }
    }

    private static boolean failed(Future<?> call) {
        try {
            call.get(0, TimeUnit.SECONDS);
            return false;
        } catch (Exception e) {
            return true;
        }
    }

    /** The incidents the container's error page logged for gRPC paths, in the managed Tomcat's logs. */
    static long incidentsOnGrpcPaths() throws IOException {
        return ServerLog.lines(line -> line.contains("Incident ") && line.contains("A2AService/"));
    }
}
