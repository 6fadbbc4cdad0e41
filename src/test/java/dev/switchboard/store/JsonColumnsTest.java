package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonColumnsTest {
    /** A task whose one history message carries a data part nesting {@code levels} arrays. */
    private static Task taskWithData(int levels) {
        JsonValue data = Json.createValue(1);
        for (int i = 0; i < levels; i++) {
            data = Json.createArrayBuilder().add(data).build();
        }
        Message message = new Message("m1", "c1", "t1", Role.USER, List.of(Part.data(data)), null, List.of(),
                List.of());
        return new Task("t1", "c1", new TaskStatus(TaskState.SUBMITTED, null, StoreTesting.T0), List.of(),
                List.of(message), null);
    }

    @Test
    void aTaskWithinTheStoredLimitIsWrittenAndReadBack() {
        // task, history, message, parts and part are five levels around the data; an event adds its wrapper
        Task task = taskWithData(BoundedJsonReader.MAX_STORED_DEPTH - 5);
        assertEquals(task, JsonColumns.task(JsonColumns.task(task)));
        Task event = taskWithData(BoundedJsonReader.MAX_STORED_DEPTH - 6);
        assertEquals(event, JsonColumns.event(JsonColumns.event(event)));
    }

    @Test
    void whatWouldNestDeeperIsRefusedBeforeItIsStored() {
        Task task = taskWithData(BoundedJsonReader.MAX_STORED_DEPTH - 4);
        assertThrows(IllegalArgumentException.class, () -> JsonColumns.task(task));
        Task event = taskWithData(BoundedJsonReader.MAX_STORED_DEPTH - 5);
        assertThrows(IllegalArgumentException.class, () -> JsonColumns.event(event));
    }

    @Test
    void aStoredRowIsReadWithTheBound() {
        String deep = "{\"id\":\"t1\",\"status\":{\"state\":\"TASK_STATE_SUBMITTED\"},\"metadata\":"
                + "[".repeat(10_000) + "]".repeat(10_000) + "}";
        assertThrows(BoundedJsonReader.TooDeep.class, () -> JsonColumns.task(deep));
    }
}
