package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The 1.0 response wrappers: {@code StreamResponse} ({@code {"task"}}, {@code {"message"}},
 * {@code {"statusUpdate"}} or {@code {"artifactUpdate"}}) and {@code SendMessageResponse}
 * ({@code {"task"}} or {@code {"message"}}), plus the two update events. Nothing here writes the
 * 0.3 {@code kind} or {@code final} members: in 1.0 the wrapper key names the type and the end of
 * the stream marks the last event.
 */
public final class StreamEventCodec {
    private static final String STREAM_MEMBERS =
            "must have exactly one of task, message, statusUpdate or artifactUpdate";
    private static final String SEND_MEMBERS = "must have exactly one of task or message";

    private StreamEventCodec() {
    }

    /** The event wrapped as a {@code StreamResponse}, e.g. {@code {"statusUpdate":{…}}}. */
    public static JsonObject toStreamResponse(StreamEvent event) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        if (event instanceof Task task) {
            json.add("task", TaskCodec.toJson(task));
        } else if (event instanceof Message message) {
            json.add("message", MessageCodec.toJson(message));
        } else if (event instanceof TaskStatusUpdateEvent update) {
            json.add("statusUpdate", statusUpdateToJson(update));
        } else if (event instanceof TaskArtifactUpdateEvent update) {
            json.add("artifactUpdate", artifactUpdateToJson(update));
        } else {
            // Unreachable while StreamEvent stays sealed; a new member must be added above.
            throw new IllegalArgumentException("unknown stream event " + event.getClass().getName());
        }
        return json.build();
    }

    /** The result wrapped as a {@code SendMessageResponse}: {@code {"task":…}} or {@code {"message":…}}. */
    public static JsonObject toSendMessageResponse(SendMessageResult result) {
        if (result instanceof Task task) {
            return ProtoWriter.objectBuilder().add("task", TaskCodec.toJson(task)).build();
        }
        return ProtoWriter.objectBuilder().add("message", MessageCodec.toJson((Message) result)).build();
    }

    /**
     * Reads a {@code StreamResponse}.
     *
     * @param path where the wrapper sits; empty when it is the whole document
     * @throws A2AException invalid params when the wrapper has no member or several, or the member
     *                      is malformed
     */
    public static StreamEvent fromStreamResponse(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        JsonValue task = ProtoJson.field(json, "task");
        JsonValue message = ProtoJson.field(json, "message");
        JsonValue status = ProtoJson.field(json, "statusUpdate");
        JsonValue artifact = ProtoJson.field(json, "artifactUpdate");
        int members = (task == null ? 0 : 1) + (message == null ? 0 : 1) + (status == null ? 0 : 1)
                + (artifact == null ? 0 : 1);
        if (members != 1) {
            throw invalid(path, STREAM_MEMBERS);
        }
        if (task != null) {
            return TaskCodec.fromJson(task, path(path, "task"));
        }
        if (message != null) {
            return MessageCodec.fromJson(message, path(path, "message"));
        }
        if (status != null) {
            return statusUpdateFromJson(status, path(path, "statusUpdate"));
        }
        return artifactUpdateFromJson(artifact, path(path, "artifactUpdate"));
    }

    /**
     * Reads a {@code SendMessageResponse}.
     *
     * @param path where the wrapper sits; empty when it is the whole document
     * @throws A2AException invalid params when it has neither or both members, or the member is malformed
     */
    public static SendMessageResult fromSendMessageResponse(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        JsonValue task = ProtoJson.field(json, "task");
        JsonValue message = ProtoJson.field(json, "message");
        if ((task == null) == (message == null)) {
            throw invalid(path, SEND_MEMBERS);
        }
        return task != null ? TaskCodec.fromJson(task, path(path, "task"))
                : MessageCodec.fromJson(message, path(path, "message"));
    }

    /** The bare event as {@code {taskId, contextId, status, metadata?}}. */
    public static JsonObject statusUpdateToJson(TaskStatusUpdateEvent event) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("taskId", event.taskId());
        ProtoWriter.putString(json, "contextId", event.contextId());
        json.add("status", TaskCodec.statusToJson(event.status()));
        ProtoWriter.putObject(json, "metadata", event.metadata());
        return json.build();
    }

    /**
     * Reads a bare status update event.
     *
     * @param path where the event sits, e.g. {@code statusUpdate}
     * @throws A2AException invalid params when {@code taskId} or {@code status} is missing or malformed
     */
    public static TaskStatusUpdateEvent statusUpdateFromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        String taskId = ProtoJson.requiredString(json, path, "taskId");
        JsonValue status = ProtoJson.field(json, "status");
        if (status == null) {
            throw invalid(path(path, "status"), "is required");
        }
        return new TaskStatusUpdateEvent(taskId,
                ProtoJson.string(json, path, "contextId"),
                TaskCodec.statusFromJson(status, path(path, "status")),
                ProtoJson.object(json, path, "metadata"));
    }

    /**
     * The bare event as {@code {taskId, contextId, artifact, append?, lastChunk?, metadata?}}; false
     * flags are left out.
     */
    public static JsonObject artifactUpdateToJson(TaskArtifactUpdateEvent event) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("taskId", event.taskId());
        ProtoWriter.putString(json, "contextId", event.contextId());
        json.add("artifact", TaskCodec.artifactToJson(event.artifact()));
        ProtoWriter.putTrue(json, "append", event.append());
        ProtoWriter.putTrue(json, "lastChunk", event.lastChunk());
        ProtoWriter.putObject(json, "metadata", event.metadata());
        return json.build();
    }

    /**
     * Reads a bare artifact update event.
     *
     * @param path where the event sits, e.g. {@code artifactUpdate}
     * @throws A2AException invalid params when {@code taskId} or {@code artifact} is missing or malformed
     */
    public static TaskArtifactUpdateEvent artifactUpdateFromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        String taskId = ProtoJson.requiredString(json, path, "taskId");
        JsonValue artifact = ProtoJson.field(json, "artifact");
        if (artifact == null) {
            throw invalid(path(path, "artifact"), "is required");
        }
        return new TaskArtifactUpdateEvent(taskId,
                ProtoJson.string(json, path, "contextId"),
                TaskCodec.artifactFromJson(artifact, path(path, "artifact")),
                Boolean.TRUE.equals(ProtoJson.bool(json, path, "append")),
                Boolean.TRUE.equals(ProtoJson.bool(json, path, "lastChunk")),
                ProtoJson.object(json, path, "metadata"));
    }
}
