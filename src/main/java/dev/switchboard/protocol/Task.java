package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * A unit of work and everything known about it.
 *
 * @param metadata null when absent
 */
public record Task(String id, String contextId, TaskStatus status, List<Artifact> artifacts, List<Message> history,
                   JsonObject metadata) implements StreamEvent, SendMessageResult {
    public Task {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
        history = history == null ? List.of() : List.copyOf(history);
    }

    public Task withStatus(TaskStatus newStatus) {
        return new Task(id, contextId, newStatus, artifacts, history, metadata);
    }

    public Task withHistory(List<Message> newHistory) {
        return new Task(id, contextId, status, artifacts, newHistory, metadata);
    }

    public Task withArtifacts(List<Artifact> newArtifacts) {
        return new Task(id, contextId, status, newArtifacts, history, metadata);
    }
}
