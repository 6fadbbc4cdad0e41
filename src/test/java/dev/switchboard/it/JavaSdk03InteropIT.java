package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.a2a.A2A;
import io.a2a.client.Client;
import io.a2a.client.ClientEvent;
import io.a2a.client.TaskEvent;
import io.a2a.client.TaskUpdateEvent;
import io.a2a.client.config.ClientConfig;
import io.a2a.client.transport.grpc.GrpcTransport;
import io.a2a.client.transport.grpc.GrpcTransportConfig;
import io.a2a.client.transport.jsonrpc.JSONRPCTransport;
import io.a2a.client.transport.jsonrpc.JSONRPCTransportConfig;
import io.a2a.client.transport.rest.RestTransport;
import io.a2a.client.transport.rest.RestTransportConfig;
import io.a2a.spec.A2AClientException;
import io.a2a.spec.AgentCard;
import io.a2a.spec.AgentInterface;
import io.a2a.spec.Message;
import io.a2a.spec.Task;
import io.a2a.spec.TaskIdParams;
import io.a2a.spec.TaskNotCancelableError;
import io.a2a.spec.TaskNotFoundError;
import io.a2a.spec.TaskQueryParams;
import io.a2a.spec.TaskState;
import io.a2a.spec.TaskStatusUpdateEvent;
import io.a2a.spec.TextPart;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * The official A2A Java SDK 0.3 client ({@code io.github.a2asdk} 0.3.3.Final) against the WAR on
 * Tomcat, over its JSON-RPC and its HTTP+JSON transport ({@link JavaSdk03GrpcInteropIT}: its gRPC
 * transport): card discovery, blocking send, get, cancel, streaming, resubscribe and an unknown
 * task. The client finds its endpoints in the card that callers without {@code A2A-Version} get,
 * and speaks 0.3 without ever naming a version. Messages name the test skill in their metadata,
 * which the 0.3 message carries as it is.
 *
 * <p>The scenarios run over the transports the class names in {@link Transports}. Each class is a
 * deployment of its own, with its own count of the tasks one anonymous address may start per
 * minute: one transport's scenarios start 13 tasks within seconds, so two fit in the default 30 and
 * a third transport needs a class of its own.
 */
@JavaSdk03InteropIT.Transports({"JSONRPC", "HTTP+JSON"})
class JavaSdk03InteropIT extends OnTomcat {
    /** The SDK transports a class runs its scenarios over. */
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Transports {
        String[] value();
    }

    /** The transports of the test class that runs, as the scenarios' argument. */
    static final class TheClassTransports implements ArgumentsProvider {
        @Override
        public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters,
                                                            ExtensionContext context) {
            return Arrays.stream(context.getRequiredTestClass().getAnnotation(Transports.class).value())
                    .map(Arguments::of);
        }
    }

    private static final long TIMEOUT_S = 30;

    /** The channels the gRPC transport was given: the SDK's close() leaves a channel it did not build open. */
    private final List<ManagedChannel> channels = new CopyOnWriteArrayList<>();
    /** What the clients' streams ended with instead of events, for the message of a test that timed out. */
    private final List<Throwable> streamErrors = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeChannels() throws InterruptedException {
        for (ManagedChannel channel : channels) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Where the client finds the card: this class's deployment; a subclass may point elsewhere. */
    protected URL agentUrl() {
        return base;
    }

    AgentCard card() throws Exception {
        return A2A.getAgentCard(agentUrl().toString().replaceAll("/$", ""));
    }

    private Client client(String transport, boolean streaming, BiConsumer<ClientEvent, AgentCard> consumer)
            throws Exception {
        var builder = Client.builder(card())
                .clientConfig(new ClientConfig.Builder().setStreaming(streaming).build())
                .addConsumer(consumer)
                .streamingErrorHandler(streamErrors::add);
        switch (transport) {
            case "JSONRPC" -> builder.withTransport(JSONRPCTransport.class, new JSONRPCTransportConfig());
            case "HTTP+JSON" -> builder.withTransport(RestTransport.class, new RestTransportConfig());
            case "GRPC" -> builder.withTransport(GrpcTransport.class, new GrpcTransportConfig(target -> {
                ManagedChannel channel = NettyChannelBuilder.forTarget(target).usePlaintext().build();
                channels.add(channel);
                return channel;
            }));
            default -> throw new IllegalArgumentException(transport);
        }
        return builder.build();
    }

    /** The future's value, or a failure that names what the streams reported meanwhile. */
    private <T> T await(CompletableFuture<T> future) throws Exception {
        try {
            return future.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("nothing within " + TIMEOUT_S + " s; stream errors: " + streamErrors, e);
        }
    }

    private static Message message(String text) {
        return new Message.Builder().role(Message.Role.USER).messageId(UUID.randomUUID().toString())
                .parts(List.of(new TextPart(text))).metadata(Map.of("skill", "echo")).build();
    }

    /** Sends and returns the task of the last event, which is the whole answer of a blocking send. */
    private Task send(String transport, String text) throws Exception {
        CompletableFuture<Task> task = new CompletableFuture<>();
        try (Closing client = new Closing(client(transport, false, (event, card) -> {
            if (event instanceof TaskEvent t) {
                task.complete(t.getTask());
            }
        }))) {
            client.client().sendMessage(message(text));
            return await(task);
        }
    }

    @Test
    void theCardCallersWithoutAVersionGetLeads03ClientsToTheir03Endpoints() throws Exception {
        AgentCard card = card();
        assertEquals("0.3.0", card.protocolVersion());
        assertTrue(card.url().endsWith("/a2a/jsonrpc"), card.url());
        assertEquals("JSONRPC", card.preferredTransport());
        List<String> transports = card.additionalInterfaces().stream().map(AgentInterface::transport).toList();
        assertTrue(transports.containsAll(List.of("JSONRPC", "HTTP+JSON", "GRPC")), transports.toString());
        String grpc = card.additionalInterfaces().stream().filter(i -> i.transport().equals("GRPC"))
                .map(AgentInterface::url).findFirst().orElseThrow();
        assertEquals(base.getHost() + ":" + base.getPort(), grpc, "gRPC clients dial host:port");
        assertTrue(card.capabilities().streaming());
        assertTrue(card.capabilities().pushNotifications(), "push is on by default, behind the webhook guard");
        assertFalse(card.skills().isEmpty());
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void blockingSendThenGet(String transport) throws Exception {
        Task sent = send(transport, "hello from java 0.3");
        assertEquals(TaskState.COMPLETED, sent.getStatus().state());
        TextPart echoed = assertInstanceOf(TextPart.class, sent.getArtifacts().get(0).parts().get(0));
        assertEquals("hello from java 0.3", echoed.getText());

        try (Closing client = new Closing(client(transport, false, (event, card) -> { }))) {
            Task got = client.client().getTask(new TaskQueryParams(sent.getId()));
            assertEquals(sent.getId(), got.getId());
            assertEquals(sent.getContextId(), got.getContextId());
            assertEquals(TaskState.COMPLETED, got.getStatus().state());
            assertEquals("hello from java 0.3",
                    ((TextPart) got.getHistory().get(0).getParts().get(0)).getText());
            // two digits: the SDK's REST transport formats historyLength with %2d, padding 1 to " 1"
            Task limited = client.client().getTask(new TaskQueryParams(sent.getId(), 10));
            assertEquals(1, limited.getHistory().size());
        }
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void cancelATaskThatWaitsForInput(String transport) throws Exception {
        Task waiting = send(transport, "input");
        assertEquals(TaskState.INPUT_REQUIRED, waiting.getStatus().state());
        try (Closing client = new Closing(client(transport, false, (event, card) -> { }))) {
            Task canceled = client.client().cancelTask(new TaskIdParams(waiting.getId()));
            assertEquals(TaskState.CANCELED, canceled.getStatus().state());
            A2AClientException again = assertThrows(A2AClientException.class,
                    () -> client.client().cancelTask(new TaskIdParams(waiting.getId())));
            assertTrue(String.valueOf(again.getMessage()).toLowerCase().contains("cancel")
                    || String.valueOf(again.getCause()).contains("TaskNotCancelable"), String.valueOf(again));
            if (transport.equals("GRPC")) {
                // the 0.3 gRPC transport types the error by the prefix of the status description
                assertInstanceOf(TaskNotCancelableError.class, again.getCause(), String.valueOf(again));
            }
        }
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void streamingSendDeliversEveryEventInOrderAndEnds(String transport) throws Exception {
        List<ClientEvent> events = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Task> done = new CompletableFuture<>();
        try (Closing client = new Closing(client(transport, true, (event, card) -> {
            events.add(event);
            Task task = event instanceof TaskEvent t ? t.getTask()
                    : event instanceof TaskUpdateEvent u ? u.getTask() : null;
            if (task != null && task.getStatus().state() == TaskState.COMPLETED) {
                done.complete(task);
            }
        }))) {
            client.client().sendMessage(message("chunks:3"));
            Task task = await(done);
            assertEquals("chunk-1 chunk-2 chunk-3 ", task.getArtifacts().get(0).parts().stream()
                    .map(part -> ((TextPart) part).getText()).reduce("", String::concat));
        }
        TaskUpdateEvent last = assertInstanceOf(TaskUpdateEvent.class, events.get(events.size() - 1));
        TaskStatusUpdateEvent finalUpdate = assertInstanceOf(TaskStatusUpdateEvent.class, last.getUpdateEvent());
        assertTrue(finalUpdate.isFinal(), "the 0.3 stream ends with final: true");
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void resubscribeFollowsARunningTaskToItsEnd(String transport) throws Exception {
        CompletableFuture<String> started = new CompletableFuture<>();
        try (Closing streaming = new Closing(client(transport, true, (event, card) -> {
            if (event instanceof TaskEvent t) {
                started.complete(t.getTask().getId());
            } else if (event instanceof TaskUpdateEvent u) {
                started.complete(u.getTask().getId());
            }
        }))) {
            streaming.client().sendMessage(message("slow:3000"));
            String taskId = await(started);
            CompletableFuture<TaskState> end = new CompletableFuture<>();
            List<ClientEvent> seen = Collections.synchronizedList(new ArrayList<>());
            try (Closing again = new Closing(client(transport, true, (event, card) -> {
                seen.add(event);
                if (event instanceof TaskUpdateEvent u && u.getUpdateEvent() instanceof TaskStatusUpdateEvent s
                        && s.isFinal()) {
                    end.complete(s.getStatus().state());
                }
            }))) {
                again.client().resubscribe(new TaskIdParams(taskId));
                assertEquals(TaskState.COMPLETED, await(end));
                assertFalse(seen.isEmpty());
            }
        }
    }

    /**
     * Resubscribes and waits for the stream to end: the state of its final status update, or what
     * the client reported instead (an error, or an end without a final update).
     */
    private Object resubscribeToTheEnd(String transport, String taskId) throws Exception {
        CompletableFuture<Object> end = new CompletableFuture<>();
        List<ClientEvent> seen = Collections.synchronizedList(new ArrayList<>());
        BiConsumer<ClientEvent, AgentCard> consumer = (event, card) -> {
            seen.add(event);
            if (event instanceof TaskUpdateEvent u && u.getUpdateEvent() instanceof TaskStatusUpdateEvent s
                    && s.isFinal()) {
                end.complete(s.getStatus().state());
            }
        };
        try (Closing client = new Closing(client(transport, true, (event, card) -> { }))) {
            client.client().resubscribe(new TaskIdParams(taskId), List.of(consumer), error -> end.complete(
                    error == null ? "the stream ended without a final status update: " + seen : error), null);
            Object outcome = await(end);
            assertTrue(seen.stream().filter(TaskEvent.class::isInstance).count() <= 1, "one Task at most: " + seen);
            return outcome;
        }
    }

    /** Starts a streaming send and returns its task's id as soon as the first event names it. */
    private String startStreaming(Closing streaming, String text) throws Exception {
        CompletableFuture<String> started = new CompletableFuture<>();
        streaming.client().sendMessage(message(text), List.of((event, card) -> {
            if (event instanceof TaskEvent t) {
                started.complete(t.getTask().getId());
            } else if (event instanceof TaskUpdateEvent u) {
                started.complete(u.getTask().getId());
            }
        }), error -> started.completeExceptionally(new AssertionError("the stream failed: " + error, error)), null);
        return await(started);
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void resubscribingAsTheTaskFinishesEndsWithItsFinalStatus(String transport) throws Exception {
        // from finishing long before the resubscription attaches to finishing well after it
        for (int delay : new int[] {0, 5, 10, 20, 40, 80, 160}) {
            try (Closing streaming = new Closing(client(transport, true, (event, card) -> { }))) {
                String taskId = startStreaming(streaming, "slow:" + delay);
                assertEquals(TaskState.COMPLETED, resubscribeToTheEnd(transport, taskId), "slow:" + delay);
            }
        }
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void resubscribingToAFinishedOrWaitingTaskEndsWithItsFinalStatus(String transport) throws Exception {
        Task done = send(transport, "finished already");
        assertEquals(TaskState.COMPLETED, resubscribeToTheEnd(transport, done.getId()));
        Task waiting = send(transport, "input");
        assertEquals(TaskState.INPUT_REQUIRED, resubscribeToTheEnd(transport, waiting.getId()));
    }

    @ParameterizedTest
    @ArgumentsSource(TheClassTransports.class)
    void anUnknownTaskIsTaskNotFound(String transport) throws Exception {
        try (Closing client = new Closing(client(transport, false, (event, card) -> { }))) {
            A2AClientException e = assertThrows(A2AClientException.class,
                    () -> client.client().getTask(new TaskQueryParams("no-such-task-" + UUID.randomUUID())));
            String text = e + " " + e.getCause();
            assertTrue(text.contains("TaskNotFound") || text.toLowerCase().contains("not found"), text);
            if (transport.equals("GRPC")) {
                assertInstanceOf(TaskNotFoundError.class, e.getCause(), text);
            }
            assertNotNull(e.getMessage());
        }
    }

    /** The SDK's client has close() but is no AutoCloseable. */
    private record Closing(Client client) implements AutoCloseable {
        @Override
        public void close() {
            client.close();
        }
    }
}
