package dev.switchboard.store;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

/** The stored form of tasks and events: the A2A 1.0 JSON a client would receive. */
final class JsonColumns {
    private JsonColumns() {
    }

    static String task(Task task) {
        return text(TaskCodec.toJson(task));
    }

    static Task task(String json) {
        return TaskCodec.fromJson(object(json), "task");
    }

    static String event(StreamEvent event) {
        return text(StreamEventCodec.toStreamResponse(event));
    }

    static StreamEvent event(String json) {
        return StreamEventCodec.fromStreamResponse(object(json), "event");
    }

    private static String text(JsonObject json) {
        return new String(JsonValues.bytes(json), StandardCharsets.UTF_8);
    }

    private static JsonObject object(String json) {
        try (JsonReader reader = JsonFactory.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }
}
