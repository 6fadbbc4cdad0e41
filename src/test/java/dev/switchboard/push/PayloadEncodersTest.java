package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.StoredEvent;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PayloadEncodersTest {
    private static final Task DONE = new Task("t-1", "c-1", new TaskStatus(TaskState.COMPLETED, null,
            Instant.parse("2026-11-29T10:00:00Z")), List.of(), List.of(), null);
    private static final StoredEvent COMPLETED = new StoredEvent(3,
            new TaskStatusUpdateEvent("t-1", "c-1", DONE.status(), null));

    private static JsonObject json(byte[] body) {
        return Json.createReader(new ByteArrayInputStream(body)).readObject();
    }

    @Test
    void aConfigRegisteredIn10GetsEachEventAsAStreamResponse() {
        JsonObject body = json(new StreamResponseEncoder().encode(COMPLETED, () -> DONE).orElseThrow());
        assertEquals("TASK_STATE_COMPLETED", body.getJsonObject("statusUpdate").getJsonObject("status")
                .getString("state"));
    }

    @Test
    void aConfigRegisteredIn03GetsTheWholeTaskInThe03Shape() {
        JsonObject body = json(new V03TaskEncoder().encode(COMPLETED, () -> DONE).orElseThrow());
        assertEquals("task", body.getString("kind"));
        assertEquals("t-1", body.getString("id"));
        assertEquals("completed", body.getJsonObject("status").getString("state"));
    }

    @Test
    void a03ConfigIsNotNotifiedOfADirectMessage() {
        Message reply = new Message("m-1", "c-1", null, Role.AGENT, List.of(Part.text("hi")), null, List.of(),
                List.of());
        assertEquals(Optional.empty(), new V03TaskEncoder().encode(new StoredEvent(1, reply), () -> {
            throw new AssertionError("no task to read");
        }));
        assertTrue(new StreamResponseEncoder().encode(new StoredEvent(1, reply), () -> DONE).isPresent());
    }
}
