package dev.switchboard.skill;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Task;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One message for the agent, with what it belongs to.
 *
 * @param message             the caller's message, with the task and context ids the server settled on
 * @param task                the task before this message was added: null for a new task
 * @param acceptedOutputModes media types the caller accepts; empty means any
 * @param metadata            the request's metadata, or null
 * @param owner               the caller's owner id: null for the operator; anonymous callers' ids
 *                            start with {@code anon:} or {@code addr:}
 */
public record AgentRequest(Message message, String taskId, String contextId, Task task,
                           List<String> acceptedOutputModes, JsonObject metadata, Supplier<List<Task>> earlier,
                           String owner) {
    public AgentRequest {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(contextId, "contextId");
        acceptedOutputModes = acceptedOutputModes == null ? List.of() : List.copyOf(acceptedOutputModes);
    }

    /** Whether the caller presented no credential. */
    public boolean isAnonymous() {
        return owner != null && (owner.startsWith("anon:") || owner.startsWith("addr:"));
    }

    /** Whether this message continues an existing task. */
    public boolean isFollowUp() {
        return task != null;
    }

    /**
     * The earlier tasks of the same conversation ({@code contextId}), oldest first, with their
     * histories and artifacts, so that a follow-up can build on them. Read from the store on first
     * use.
     */
    public List<Task> earlierTasks() {
        return earlier.get();
    }
}
