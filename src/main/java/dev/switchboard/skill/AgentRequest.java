package dev.switchboard.skill;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Task;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One message for the agent, with what it belongs to and who sent it.
 *
 * @param message             the caller's message, with the task and context ids the server settled on
 * @param task                the task before this message was added: null for a new task
 * @param acceptedOutputModes media types the caller accepts; empty means any
 * @param metadata            the request's metadata, or null
 * @param callContext         who sent the message, in which protocol line, for which tenant, with
 *                            which extensions active
 */
public record AgentRequest(Message message, String taskId, String contextId, Task task,
                           List<String> acceptedOutputModes, JsonObject metadata, Supplier<List<Task>> earlier,
                           ServerCallContext callContext) {
    public AgentRequest {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(contextId, "contextId");
        Objects.requireNonNull(callContext, "callContext");
        acceptedOutputModes = acceptedOutputModes == null ? List.of() : List.copyOf(acceptedOutputModes);
    }

    /** The caller's owner id (see {@link ServerCallContext#owner()}): null for the operator. */
    public String owner() {
        return callContext.owner();
    }

    /** Whether the caller presented no credential. */
    public boolean isAnonymous() {
        return callContext.isAnonymous();
    }

    /** Whether the client activated this extension for the message (see {@link ServerCallContext#isActive}). */
    public boolean isExtensionActive(String extensionUri) {
        return callContext.isActive(extensionUri);
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
