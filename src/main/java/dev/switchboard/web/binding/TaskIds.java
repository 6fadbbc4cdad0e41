package dev.switchboard.web.binding;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/** The task an operation is about, for its metrics and log line, as the bindings read it. */
public final class TaskIds {
    private TaskIds() {
    }

    /**
     * The task id a request's parameters name: {@code taskId} (push configs; in 1.0 their
     * {@code id} is the config's), else {@code id} (get, cancel, subscribe; 0.3 push configs),
     * else the message's {@code taskId} (a send that continues a task); null when none is named.
     */
    public static String named(JsonObject params) {
        if (params == null) {
            return null;
        }
        if (params.get("taskId") instanceof JsonString id) {
            return id.getString();
        }
        if (params.get("id") instanceof JsonString id) {
            return id.getString();
        }
        return params.get("message") instanceof JsonObject message && message.get("taskId") instanceof JsonString id
                ? id.getString() : null;
    }
}
