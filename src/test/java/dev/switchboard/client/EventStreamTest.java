package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventStreamTest {
    private static final String CARD = DiscoveryTest.V1_CARD;

    @Test
    void aCutStreamResumesWithLastEventIdAndLosesNothing() throws Exception {
        try (FakeAgent agent = new FakeAgent()) {
            agent.answer("/.well-known/agent-card.json", 200, CARD)
                    .answer("/rest/message:stream", 200, "text/event-stream", """
                            id: 1
                            data: {"task":{"id":"t1","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}

                            """)
                    .answer("/rest/tasks/t1:subscribe", 200, "text/event-stream", """
                            : a comment
                            id: 2
                            data: {"statusUpdate":{"taskId":"t1","contextId":"c",
                            data:  "status":{"state":"TASK_STATE_COMPLETED"}}}

                            """);
            A2AClient client = A2AClient.builder().prefer(Endpoint.HTTP_JSON_1_0).connect(agent.base());
            List<StreamEvent> events = new ArrayList<>();
            try (EventStream stream = client.stream(A2AClient.userMessage("hi", null))) {
                stream.forEachRemaining(events::add);
                assertEquals("2", stream.lastEventId());
            }
            assertEquals(2, events.size());
            assertInstanceOf(Task.class, events.get(0));
            assertEquals(TaskState.COMPLETED, ((TaskStatusUpdateEvent) events.get(1)).status().state());
            FakeAgent.Received resume = agent.received.get(agent.received.size() - 1);
            assertEquals("GET", resume.method());
            assertEquals("1", resume.header("Last-Event-ID"));
            assertEquals("text/event-stream", resume.header("Accept"));
        }
    }

    @Test
    void reconnectsAreBoundedAndAnErrorEventIsTyped() throws Exception {
        try (FakeAgent agent = new FakeAgent()) {
            String working = """
                    id: 1
                    data: {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","status":{"state":"TASK_STATE_WORKING"}}}}

                    """;
            agent.answer("/.well-known/agent-card.json", 200, CARD).answer("/rpc", 200, "text/event-stream", working);
            A2AClient client = A2AClient.builder().maxReconnects(2).connect(agent.base());
            EventStream stream = client.stream(A2AClient.userMessage("hi", null));
            A2AClientException e = assertThrows(A2AClientException.class, () -> {
                while (stream.hasNext()) {
                    stream.next();
                }
            });
            assertEquals("the event stream broke off: ended early", e.getMessage());
            assertEquals(3, agent.received.stream().filter(r -> r.path().equals("/rpc")).count());
            // the first call sends the message; the two reconnects subscribe after event 1
            List<FakeAgent.Received> calls = agent.received.stream().filter(r -> r.path().equals("/rpc")).toList();
            assertTrue(calls.get(0).body().contains("\"SendStreamingMessage\""));
            for (FakeAgent.Received resume : calls.subList(1, 3)) {
                assertTrue(resume.body().contains("\"SubscribeToTask\""), resume.body());
                assertEquals("1", resume.header("Last-Event-ID"));
            }

            agent.answer("/rpc", 200, "text/event-stream", """
                    data: {"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"no streaming here"}}

                    """);
            try (EventStream failing = client.stream(A2AClient.userMessage("hi", null))) {
                A2ARemoteException remote = assertThrows(A2ARemoteException.class, failing::hasNext);
                assertEquals("UNSUPPORTED_OPERATION", remote.reason());
            }
        }
    }
}
