package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * A task produced an artifact, or a chunk of one.
 *
 * @param append    these parts extend the artifact already sent with the same id
 * @param lastChunk this is the artifact's final chunk
 */
public record TaskArtifactUpdateEvent(String taskId, String contextId, Artifact artifact, boolean append,
                                      boolean lastChunk, JsonObject metadata) implements StreamEvent {
    public TaskArtifactUpdateEvent {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(artifact, "artifact");
    }
}
