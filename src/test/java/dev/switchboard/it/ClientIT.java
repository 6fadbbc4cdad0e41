package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.A2AClient;
import dev.switchboard.client.A2ARemoteException;
import dev.switchboard.client.CardScheme;
import dev.switchboard.client.Credentials;
import dev.switchboard.client.PeerCard;
import dev.switchboard.client.Endpoint;
import dev.switchboard.client.EventStream;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.SendMessageRequest;
import jakarta.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The client library against the WAR on Tomcat, over each binding and version the server offers. */
class ClientIT extends OnTomcat {

    private A2AClient client(Endpoint endpoint) {
        return A2AClient.builder().prefer(endpoint).timeout(Duration.ofSeconds(60)).connect(base.toString());
    }

    static Message echo(String text) {
        return new Message(UUID.randomUUID().toString(), null, null, Role.USER, List.of(Part.text(text)),
                Json.createObjectBuilder().add("skill", "echo").build(), List.of(), List.of());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void sendGetAndList(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        assertEquals(endpoint, agent.endpoint());
        Task task = assertInstanceOf(Task.class, agent.send(echo("hello " + endpoint), false));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals("hello " + endpoint, task.artifacts().get(0).parts().get(0).text());
        Task again = agent.getTask(task.id());
        assertEquals(task.id(), again.id());
        assertEquals(TaskState.COMPLETED, again.status().state());
        if (endpoint.version() == ProtocolVersion.V1_0) {
            assertTrue(agent.listTasks().tasks().stream().anyMatch(t -> t.id().equals(task.id())));
        }
        SendMessageResult reply = agent.send(echo("reply"), false);
        assertEquals("Direct reply", assertInstanceOf(Message.class, reply).parts().get(0).text());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void returnImmediatelyThenCancel(Endpoint endpoint) throws Exception {
        A2AClient agent = client(endpoint);
        Task task = assertInstanceOf(Task.class, agent.send(echo("slow:20000"), true));
        assertTrue(!task.status().state().isTerminal(), task.status().state().name());
        Task canceled = agent.cancelTask(task.id());
        assertEquals(TaskState.CANCELED, canceled.status().state());
        A2ARemoteException again = assertThrows(A2ARemoteException.class, () -> agent.cancelTask(task.id()));
        assertEquals(A2AError.TASK_NOT_CANCELABLE, again.error().orElseThrow());
        assertEquals(-32002, again.code());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void streamsAndResubscribesAfterTheLastEvent(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        List<StreamEvent> events = new ArrayList<>();
        String taskId;
        String firstId;
        try (EventStream stream = agent.stream(echo("chunks:3"))) {
            while (stream.hasNext()) {
                events.add(stream.next());
            }
            firstId = stream.lastEventId();
        }
        taskId = ((Task) events.get(0)).id();
        assertTrue(events.stream().filter(TaskArtifactUpdateEvent.class::isInstance).count() == 3, events.toString());
        StreamEvent last = events.get(events.size() - 1);
        assertEquals(TaskState.COMPLETED, ((TaskStatusUpdateEvent) last).status().state());
        assertTrue(firstId != null, "the server numbers its events");
        // a task that is still working streams on after the last event the client saw
        Task slow = (Task) agent.send(echo("slow:1500"), true);
        try (EventStream stream = agent.subscribe(slow.id())) {
            StreamEvent end = null;
            while (stream.hasNext()) {
                end = stream.next();
            }
            assertTrue(end instanceof TaskStatusUpdateEvent u && u.status().state() == TaskState.COMPLETED
                    || end instanceof Task t && t.status().state() == TaskState.COMPLETED, String.valueOf(end));
        }
        assertTrue(taskId != null);
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void publisherDeliversTheStream(Endpoint endpoint) throws Exception {
        A2AClient agent = client(endpoint);
        CompletableFuture<List<StreamEvent>> done = new CompletableFuture<>();
        agent.publisher(new SendMessageRequest(null, echo("chunks:2"), null, null)).subscribe(new Flow.Subscriber<>() {
            final List<StreamEvent> seen = new ArrayList<>();

            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            public void onNext(StreamEvent item) {
                seen.add(item);
            }

            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }

            public void onComplete() {
                done.complete(seen);
            }
        });
        List<StreamEvent> events = done.get(60, TimeUnit.SECONDS);
        assertInstanceOf(Task.class, events.get(0));
        assertEquals(2, events.stream().filter(TaskArtifactUpdateEvent.class::isInstance).count());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void errorsAreTyped(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        A2ARemoteException missing = assertThrows(A2ARemoteException.class, () -> agent.getTask("no-such-task"));
        assertEquals("TASK_NOT_FOUND", missing.reason());
        assertEquals(-32001, missing.code());
        // anonymous callers get no extended card
        A2ARemoteException extended = assertThrows(A2ARemoteException.class, agent::extendedCard);
        assertEquals(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, extended.error().orElseThrow());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void anAuthenticatedCallerGetsTheExtendedCard(Endpoint endpoint) {
        // the operator token the integration-test Tomcat is configured with (arquillian.xml)
        A2AClient.Builder operator = A2AClient.builder().prefer(endpoint).credentials(Credentials.builder()
                .bearerToken("operator-token-for-the-integration-tests-0123456789").build());
        PeerCard card = operator.discover(base.toString());
        A2AClient agent = operator.build(card);
        assertTrue(agent.card().scheme(CardScheme.Type.HTTP).isPresent(), "the card declares bearer auth");
        PeerCard extended = agent.extendedCard();
        assertEquals(agent.card().name(), extended.name());
        assertTrue(extended.skills().stream().anyMatch(skill -> skill.id().equals("echo")), extended.skills().toString());
        // the same card, other credentials: only the call is refused
        A2AClient wrong = A2AClient.builder().prefer(endpoint)
                .credentials(Credentials.builder().bearerToken("wrong").build()).build(card);
        A2ARemoteException refused = assertThrows(A2ARemoteException.class, () -> wrong.getTask("x"));
        assertTrue(refused.httpStatus() == 401 || refused.code() != 0, refused.getMessage());
    }
}
