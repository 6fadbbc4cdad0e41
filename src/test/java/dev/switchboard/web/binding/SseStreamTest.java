package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SseStreamTest {
    private final StreamRegistry registry = new StreamRegistry(3600);
    private final RecordingChannel channel = new RecordingChannel();

    @AfterEach
    void close() {
        registry.close();
    }

    private SseStream stream() {
        return new SseStream(channel, event -> ("{\"state\":\"" + ((TaskStatusUpdateEvent) event).status().state()
                .wireName() + "\"}").getBytes(StandardCharsets.UTF_8),
                error -> ("{\"error\":" + error.error().jsonRpcCode() + "}").getBytes(StandardCharsets.UTF_8), registry);
    }

    private static StreamEvent status(TaskState state) {
        return new TaskStatusUpdateEvent("t", "c", new TaskStatus(state, null, Instant.EPOCH), null);
    }

    @Test
    void eachEventIsOneFrameWithItsLogNumberAsId() throws IOException {
        SseStream sse = stream();
        assertEquals(0, channel.opened, "nothing is committed before the first event");
        sse.event(1, status(TaskState.WORKING));
        sse.event(2, status(TaskState.COMPLETED));
        sse.event(0, status(TaskState.COMPLETED));
        sse.end();
        assertEquals(1, channel.opened);
        assertEquals(List.of("id: 1\ndata: {\"state\":\"TASK_STATE_WORKING\"}\n\n",
                "id: 2\ndata: {\"state\":\"TASK_STATE_COMPLETED\"}\n\n",
                "data: {\"state\":\"TASK_STATE_COMPLETED\"}\n\n"), channel.frames, "a direct message has no id");
        assertTrue(channel.isClosed());
        assertEquals(0, registry.size());
    }

    @Test
    void aFailureBecomesTheStreamsOnlyEventWhereTheBindingCanCarryOne() {
        SseStream sse = stream();
        sse.fail(new A2AException(A2AError.TASK_NOT_FOUND, "no such task"));
        assertEquals(List.of("{\"error\":-32001}"), channel.dataLines());
        assertTrue(channel.isClosed());

        RecordingChannel plain = new RecordingChannel();
        new SseStream(plain, event -> new byte[0], null, registry)
                .fail(new A2AException(A2AError.TASK_NOT_FOUND, "no such task"));
        assertEquals(List.of(), plain.frames, "a binding without error events just ends the stream");
        assertEquals(1, plain.opened, "an ended stream is still a complete response");
        assertTrue(plain.isClosed());
    }

    @Test
    void aClientThatWentAwayEndsTheStreamAndStopsItsProducer() {
        SseStream sse = stream();
        AtomicInteger stopped = new AtomicInteger();
        sse.whenClosed(stopped::incrementAndGet);
        channel.gone = true;
        assertThrows(IOException.class, () -> sse.event(1, status(TaskState.WORKING)));
        assertTrue(channel.isClosed());
        assertEquals(1, stopped.get());
        assertThrows(IOException.class, () -> sse.event(2, status(TaskState.WORKING)), "no write after the end");
        sse.end();
        assertEquals(1, stopped.get(), "ended once");
    }

    @Test
    void idleOpenStreamsGetHeartbeatsAndOnlyThem() throws IOException {
        SseStream sse = stream();
        sse.heartbeatIfIdle(0);
        assertEquals(List.of(), channel.frames, "a stream not yet open gets none: its answer may still be an error");
        sse.event(1, status(TaskState.WORKING));
        assertEquals(1, registry.size());
        sse.heartbeatIfIdle(Long.MAX_VALUE);
        assertEquals(1, channel.frames.size(), "not idle yet");
        sse.heartbeatIfIdle(0);
        assertEquals(": keep-alive\n\n", channel.frames.get(1));
        channel.gone = true;
        sse.heartbeatIfIdle(0);
        assertTrue(channel.isClosed(), "a failed heartbeat finds the client gone");
        assertEquals(0, registry.size(), "and it is no longer counted as open");
    }

    @Test
    void lastEventIdIsAnEventNumberOrNothing() {
        assertNull(SseStream.lastEventId(null));
        assertNull(SseStream.lastEventId(" "));
        assertEquals(42L, SseStream.lastEventId(" 42 "));
        for (String bad : new String[] {"-1", "x", "1.5", "99999999999999999999"}) {
            A2AException e = assertThrows(A2AException.class, () -> SseStream.lastEventId(bad));
            assertEquals(A2AError.INVALID_PARAMS, e.error(), bad);
        }
    }
}
