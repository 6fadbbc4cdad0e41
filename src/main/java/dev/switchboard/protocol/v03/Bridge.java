package dev.switchboard.protocol.v03;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.json.ProtoWriter;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The translation between the 1.0 model and A2A 0.3, in either 0.3 dialect: {@code toV03} writes a
 * 1.0 record as 0.3 JSON, {@code toV1} reads 0.3 JSON into the 1.0 record. The server speaks 1.0
 * inside; these are the only places that know the 0.3 shapes of tasks, messages and events.
 *
 * <ul>
 * <li>States and roles: {@code completed} ⇄ {@code TASK_STATE_COMPLETED}, the proto's
 *     {@code TASK_STATE_CANCELLED} ⇄ {@code TASK_STATE_CANCELED}, {@code user} ⇄ {@code ROLE_USER}.</li>
 * <li>Results: a JSON-RPC 0.3 result is the bare, {@code kind}-tagged object; the proto dialect
 *     wraps it as 1.0 does ({@code {"task"}}, {@code {"message"}}, {@code {"statusUpdate"}},
 *     {@code {"artifactUpdate"}}).</li>
 * <li>{@code final}: 1.0 ends a stream by closing it; 0.3 marks the status update after which
 *     nothing follows. A status update is final when its state is terminal or interrupted (input or
 *     auth required), the states at which a 0.3 stream ends.</li>
 * <li>A 1.0 message's {@code referenceTaskIds} exist in 0.3 JSON-RPC but not in the 0.3 proto, which
 *     drops them; parts lose what {@link V03Parts} documents.</li>
 * </ul>
 */
public final class Bridge {
    private Bridge() {
    }

    public static JsonObject toV03(Task task, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("id", task.id());
        // 0.3 requires contextId; a task always has one once stored
        json.add(dialect.field("contextId"), task.contextId() == null ? "" : task.contextId());
        json.add("status", toV03(task.status(), dialect));
        if (!task.artifacts().isEmpty()) {
            JsonArrayBuilder artifacts = ProtoWriter.arrayBuilder();
            task.artifacts().forEach(artifact -> artifacts.add(toV03(artifact, dialect)));
            json.add("artifacts", artifacts);
        }
        if (!task.history().isEmpty()) {
            JsonArrayBuilder history = ProtoWriter.arrayBuilder();
            task.history().forEach(message -> history.add(toV03(message, dialect)));
            json.add("history", history);
        }
        ProtoWriter.putObject(json, "metadata", task.metadata());
        tag(json, dialect, "task");
        return json.build();
    }

    public static JsonObject toV03(TaskStatus status, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("state", dialect.state(status.state()));
        if (status.message() != null) {
            json.add("message", toV03(status.message(), dialect));
        }
        ProtoWriter.putTimestamp(json, "timestamp", status.timestamp());
        return json.build();
    }

    public static JsonObject toV03(Message message, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add(dialect.field("messageId"), message.messageId());
        ProtoWriter.putString(json, dialect.field("contextId"), message.contextId());
        ProtoWriter.putString(json, dialect.field("taskId"), message.taskId());
        json.add("role", dialect.role(message.role()));
        json.add(dialect.messageParts(), V03Parts.toJson(message.parts(), dialect));
        ProtoWriter.putObject(json, "metadata", message.metadata());
        ProtoWriter.putStrings(json, "extensions", message.extensions());
        if (dialect == V03Dialect.JSONRPC) {
            ProtoWriter.putStrings(json, dialect.field("referenceTaskIds"), message.referenceTaskIds());
        }
        tag(json, dialect, "message");
        return json.build();
    }

    public static JsonObject toV03(Artifact artifact, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add(dialect.field("artifactId"), artifact.artifactId());
        ProtoWriter.putString(json, "name", artifact.name());
        ProtoWriter.putString(json, "description", artifact.description());
        json.add("parts", V03Parts.toJson(artifact.parts(), dialect));
        ProtoWriter.putObject(json, "metadata", artifact.metadata());
        ProtoWriter.putStrings(json, "extensions", artifact.extensions());
        return json.build();
    }

    public static JsonObject toV03(TaskStatusUpdateEvent event, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add(dialect.field("taskId"), event.taskId());
        json.add(dialect.field("contextId"), event.contextId() == null ? "" : event.contextId());
        json.add("status", toV03(event.status(), dialect));
        json.add("final", isFinal(event.status().state()));
        ProtoWriter.putObject(json, "metadata", event.metadata());
        tag(json, dialect, "status-update");
        return json.build();
    }

    public static JsonObject toV03(TaskArtifactUpdateEvent event, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add(dialect.field("taskId"), event.taskId());
        json.add(dialect.field("contextId"), event.contextId() == null ? "" : event.contextId());
        json.add("artifact", toV03(event.artifact(), dialect));
        ProtoWriter.putTrue(json, "append", event.append());
        ProtoWriter.putTrue(json, dialect.field("lastChunk"), event.lastChunk());
        ProtoWriter.putObject(json, "metadata", event.metadata());
        tag(json, dialect, "artifact-update");
        return json.build();
    }

    /** One stream event: bare and tagged in JSON-RPC, wrapped as a 0.3 {@code StreamResponse} in proto. */
    public static JsonObject streamEvent(StreamEvent event, V03Dialect dialect) {
        JsonObject bare;
        String member;
        if (event instanceof Task task) {
            bare = toV03(task, dialect);
            member = "task";
        } else if (event instanceof Message message) {
            bare = toV03(message, dialect);
            member = "message";
        } else if (event instanceof TaskStatusUpdateEvent update) {
            bare = toV03(update, dialect);
            member = "statusUpdate";
        } else if (event instanceof TaskArtifactUpdateEvent update) {
            bare = toV03(update, dialect);
            member = "artifactUpdate";
        } else {
            throw new IllegalArgumentException("unknown stream event " + event.getClass().getName());
        }
        return dialect == V03Dialect.PROTO ? ProtoWriter.objectBuilder().add(dialect.field(member), bare).build()
                : bare;
    }

    /** A send's result: the bare task or message in JSON-RPC, a 0.3 {@code SendMessageResponse} in proto. */
    public static JsonObject sendResult(SendMessageResult result, V03Dialect dialect) {
        return streamEvent((StreamEvent) result, dialect);
    }

    /** Whether a 0.3 stream ends with a status update in this state. */
    public static boolean isFinal(TaskState state) {
        return state.isTerminal() || state.isInterrupted();
    }

    /**
     * Reads a 0.3 message in either dialect ({@code parts} or {@code content}, either role spelling).
     *
     * @throws A2AException invalid params when {@code messageId}, {@code role} or the parts are
     *                      missing or malformed, or {@code kind} is present and not {@code message}
     */
    public static Message toV1Message(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        checkKind(json, path, "message");
        String messageId = ProtoJson.requiredString(json, path, "messageId");
        String roleName = ProtoJson.string(json, path, "role");
        Role role = V03Dialect.parseRole(roleName).orElseThrow(() -> invalid(path(path, "role"),
                "is required: user or agent"));
        String partsName = ProtoJson.field(json, "parts") == null && ProtoJson.field(json, "content") != null
                ? "content" : "parts";
        return new Message(messageId,
                ProtoJson.string(json, path, "contextId"),
                ProtoJson.string(json, path, "taskId"),
                role,
                V03Parts.fromJsonArray(json, path, partsName, dialect),
                ProtoJson.object(json, path, "metadata"),
                ProtoJson.strings(json, path, "extensions"),
                ProtoJson.strings(json, path, "referenceTaskIds"));
    }

    /** Reads a 0.3 task. */
    public static Task toV1Task(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        checkKind(json, path, "task");
        JsonObject status = ProtoJson.object(json, path, "status");
        if (status == null) {
            throw invalid(path(path, "status"), "is required");
        }
        return new Task(ProtoJson.requiredString(json, path, "id"),
                ProtoJson.string(json, path, "contextId"),
                toV1Status(status, path(path, "status"), dialect),
                ProtoJson.list(json, path, "artifacts", (item, at) -> toV1Artifact(item, at, dialect)),
                ProtoJson.list(json, path, "history", (item, at) -> toV1Message(item, at, dialect)),
                ProtoJson.object(json, path, "metadata"));
    }

    public static TaskStatus toV1Status(JsonObject json, String path, V03Dialect dialect) {
        String name = ProtoJson.string(json, path, "state");
        TaskState state = name == null ? TaskState.UNSPECIFIED : V03Dialect.parseState(name)
                .orElseThrow(() -> invalid(path(path, "state"), "is not a 0.3 task state: " + name));
        JsonValue message = ProtoJson.field(json, "message");
        return new TaskStatus(state, message == null ? null : toV1Message(message, path(path, "message"), dialect),
                ProtoJson.timestamp(json, path, "timestamp"));
    }

    public static Artifact toV1Artifact(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        return new Artifact(ProtoJson.requiredString(json, path, "artifactId"),
                ProtoJson.string(json, path, "name"),
                ProtoJson.string(json, path, "description"),
                V03Parts.fromJsonArray(json, path, "parts", dialect),
                ProtoJson.object(json, path, "metadata"),
                ProtoJson.strings(json, path, "extensions"));
    }

    /** Reads a 0.3 status update; its {@code final} has no 1.0 counterpart and is dropped. */
    public static TaskStatusUpdateEvent toV1StatusUpdate(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        JsonObject status = ProtoJson.object(json, path, "status");
        if (status == null) {
            throw invalid(path(path, "status"), "is required");
        }
        return new TaskStatusUpdateEvent(ProtoJson.requiredString(json, path, "taskId"),
                ProtoJson.string(json, path, "contextId"), toV1Status(status, path(path, "status"), dialect),
                ProtoJson.object(json, path, "metadata"));
    }

    public static TaskArtifactUpdateEvent toV1ArtifactUpdate(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        JsonValue artifact = ProtoJson.field(json, "artifact");
        if (artifact == null) {
            throw invalid(path(path, "artifact"), "is required");
        }
        return new TaskArtifactUpdateEvent(ProtoJson.requiredString(json, path, "taskId"),
                ProtoJson.string(json, path, "contextId"), toV1Artifact(artifact, path(path, "artifact"), dialect),
                Boolean.TRUE.equals(ProtoJson.bool(json, path, "append")),
                Boolean.TRUE.equals(ProtoJson.bool(json, path, "lastChunk")),
                ProtoJson.object(json, path, "metadata"));
    }

    private static void checkKind(JsonObject json, String path, String expected) {
        String kind = ProtoJson.string(json, path, "kind");
        if (kind != null && !kind.equals(expected)) {
            throw invalid(path(path, "kind"), "must be " + expected);
        }
    }

    private static void tag(JsonObjectBuilder json, V03Dialect dialect, String kind) {
        if (dialect.kindTags()) {
            json.add("kind", kind);
        }
    }
}
