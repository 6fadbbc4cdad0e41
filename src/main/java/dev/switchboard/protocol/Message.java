package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * One turn of a conversation, from the user or the agent.
 *
 * @param contextId null when the client lets the server choose
 * @param taskId    null unless the message continues or belongs to a task
 * @param metadata  null when absent
 */
public record Message(String messageId, String contextId, String taskId, Role role, List<Part> parts,
                      JsonObject metadata, List<String> extensions, List<String> referenceTaskIds)
        implements StreamEvent, SendMessageResult {
    public Message {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(role, "role");
        parts = List.copyOf(parts);
        extensions = extensions == null ? List.of() : List.copyOf(extensions);
        referenceTaskIds = referenceTaskIds == null ? List.of() : List.copyOf(referenceTaskIds);
    }

    /** An agent message in a task's conversation. */
    public static Message agent(String messageId, String contextId, String taskId, List<Part> parts) {
        return new Message(messageId, contextId, taskId, Role.AGENT, parts, null, List.of(), List.of());
    }

    public Message withIds(String contextId, String taskId) {
        return new Message(messageId, contextId, taskId, role, parts, metadata, extensions, referenceTaskIds);
    }
}
