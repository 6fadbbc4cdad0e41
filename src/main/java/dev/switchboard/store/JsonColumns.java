package dev.switchboard.store;

import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import jakarta.json.JsonObject;
import java.io.StringReader;

/**
 * The stored form of tasks and events: the A2A 1.0 JSON a client would receive. What is written
 * nests at most {@link BoundedJsonReader#MAX_STORED_DEPTH} levels, and is read back with that
 * bound, so every stored row can be read again and none makes a reader recurse without end.
 */
final class JsonColumns {
    private JsonColumns() {
    }

    static String task(Task task) {
        return text(TaskCodec.toJson(task), "task " + task.id());
    }

    static Task task(String json) {
        return TaskCodec.fromJson(object(json), "task");
    }

    static String event(StreamEvent event) {
        return text(StreamEventCodec.toStreamResponse(event), "an event");
    }

    static StreamEvent event(String json) {
        return StreamEventCodec.fromStreamResponse(object(json), "event");
    }

    /** @throws IllegalArgumentException when the document nests too deeply to be read back */
    private static String text(JsonObject json, String what) {
        if (BoundedJsonReader.depth(json) > BoundedJsonReader.MAX_STORED_DEPTH) {
            throw new IllegalArgumentException(what + " nests objects and arrays deeper than "
                    + BoundedJsonReader.MAX_STORED_DEPTH + " levels and cannot be stored");
        }
        return JsonValues.text(json);
    }

    private static JsonObject object(String json) {
        return BoundedJsonReader.read(new StringReader(json), BoundedJsonReader.MAX_STORED_DEPTH).asJsonObject();
    }
}
