package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * Output a task produced. {@code artifactId} is unique within the task.
 *
 * @param name        null when absent
 * @param description null when absent
 * @param metadata    null when absent
 */
public record Artifact(String artifactId, String name, String description, List<Part> parts, JsonObject metadata,
                       List<String> extensions) {
    public Artifact {
        Objects.requireNonNull(artifactId, "artifactId");
        parts = List.copyOf(parts);
        extensions = extensions == null ? List.of() : List.copyOf(extensions);
    }

    public static Artifact of(String artifactId, String name, List<Part> parts) {
        return new Artifact(artifactId, name, null, parts, null, List.of());
    }
}
