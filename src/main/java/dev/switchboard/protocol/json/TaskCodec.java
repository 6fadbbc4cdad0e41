package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;

/**
 * {@link Task}, {@link TaskStatus} and {@link Artifact} in 1.0 ProtoJSON, fields in proto order.
 * Empty {@code artifacts} and {@code history} are left out rather than written as {@code []}:
 * ListTasks without {@code includeArtifacts} must not show an {@code artifacts} key at all.
 */
public final class TaskCodec {
    private static final List<TaskState> STATES = List.of(TaskState.values());

    private TaskCodec() {
    }

    /** The task as {@code {id, contextId?, status, artifacts?, history?, metadata?}}. */
    public static JsonObject toJson(Task task) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("id", task.id());
        ProtoWriter.putString(json, "contextId", task.contextId());
        json.add("status", statusToJson(task.status()));
        if (!task.artifacts().isEmpty()) {
            JsonArrayBuilder artifacts = ProtoWriter.arrayBuilder();
            task.artifacts().forEach(artifact -> artifacts.add(artifactToJson(artifact)));
            json.add("artifacts", artifacts);
        }
        if (!task.history().isEmpty()) {
            JsonArrayBuilder history = ProtoWriter.arrayBuilder();
            task.history().forEach(message -> history.add(MessageCodec.toJson(message)));
            json.add("history", history);
        }
        ProtoWriter.putObject(json, "metadata", task.metadata());
        return json.build();
    }

    /**
     * Reads a task.
     *
     * @param path where the task sits, e.g. {@code task}; empty when it is the whole document
     * @throws A2AException invalid params when {@code id} or {@code status} is missing or any part of
     *                      it is malformed
     */
    public static Task fromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        String id = ProtoJson.requiredString(json, path, "id");
        JsonValue status = ProtoJson.field(json, "status");
        if (status == null) {
            throw invalid(path(path, "status"), "is required");
        }
        return new Task(id,
                ProtoJson.string(json, path, "contextId"),
                statusFromJson(status, path(path, "status")),
                ProtoJson.list(json, path, "artifacts", TaskCodec::artifactFromJson),
                ProtoJson.list(json, path, "history", MessageCodec::fromJson),
                ProtoJson.object(json, path, "metadata"));
    }

    /** The status as {@code {state, message?, timestamp?}}; the state is always written. */
    public static JsonObject statusToJson(TaskStatus status) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("state", status.state().wireName());
        if (status.message() != null) {
            json.add("message", MessageCodec.toJson(status.message()));
        }
        ProtoWriter.putTimestamp(json, "timestamp", status.timestamp());
        return json.build();
    }

    /**
     * Reads a status. A missing state is proto3's default, {@link TaskState#UNSPECIFIED}.
     *
     * @param path where the status sits, e.g. {@code task.status}
     * @throws A2AException invalid params for an unknown state name, a bad message or timestamp
     */
    public static TaskStatus statusFromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        TaskState state = state(json, path, "state");
        JsonValue message = ProtoJson.field(json, "message");
        return new TaskStatus(state == null ? TaskState.UNSPECIFIED : state,
                message == null ? null : MessageCodec.fromJson(message, path(path, "message")),
                ProtoJson.timestamp(json, path, "timestamp"));
    }

    /**
     * Reads an optional {@code TASK_STATE_*} field, by name or number.
     *
     * @return the state, or null when absent
     * @throws A2AException invalid params for an unknown name, including 0.3 names such as
     *                      {@code "working"}
     */
    public static TaskState state(JsonObject json, String parent, String name) {
        return ProtoJson.enumValue(json, parent, name, STATES, TaskState::fromWireName);
    }

    /** The artifact as {@code {artifactId, name?, description?, parts, metadata?, extensions?}}. */
    public static JsonObject artifactToJson(Artifact artifact) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("artifactId", artifact.artifactId());
        ProtoWriter.putString(json, "name", artifact.name());
        ProtoWriter.putString(json, "description", artifact.description());
        json.add("parts", PartCodec.toJson(artifact.parts()));
        ProtoWriter.putObject(json, "metadata", artifact.metadata());
        ProtoWriter.putStrings(json, "extensions", artifact.extensions());
        return json.build();
    }

    /**
     * Reads an artifact.
     *
     * @param path where the artifact sits, e.g. {@code task.artifacts[0]}
     * @throws A2AException invalid params when {@code artifactId} is missing, {@code parts} is
     *                      missing or empty, or any field is malformed
     */
    public static Artifact artifactFromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        return new Artifact(ProtoJson.requiredString(json, path, "artifactId"),
                ProtoJson.string(json, path, "name"),
                ProtoJson.string(json, path, "description"),
                PartCodec.fromJsonArray(json, path, "parts"),
                ProtoJson.object(json, path, "metadata"),
                ProtoJson.strings(json, path, "extensions"));
    }
}
