package dev.switchboard.client;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.jsonrpc.JsonRpcMethod;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The A2A 0.3 JSON-RPC shapes, as a client needs them: {@code kind}-tagged parts, messages, tasks
 * and events; lowercase states; results not wrapped. Kept to this one class on purpose, so that the
 * 0.3 bridge in {@code protocol.v03} can replace it whole.
 */
final class V03Wire implements Wire {
    static final V03Wire INSTANCE = new V03Wire();

    private V03Wire() {
    }

    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V0_3;
    }

    @Override
    public String method(JsonRpcMethod method) {
        return method.v03Name();
    }

    @Override
    public JsonObject send(SendMessageRequest request) {
        JsonObjectBuilder configuration = JsonFactory.createObjectBuilder()
                .add("blocking", !request.configuration().returnImmediately());
        if (!request.configuration().acceptedOutputModes().isEmpty()) {
            configuration.add("acceptedOutputModes", JsonFactory.createArrayBuilder(request.configuration().acceptedOutputModes()));
        }
        if (request.configuration().historyLength() != null) {
            configuration.add("historyLength", request.configuration().historyLength());
        }
        JsonObjectBuilder params = JsonFactory.createObjectBuilder().add("message", message(request.message()))
                .add("configuration", configuration);
        if (request.metadata() != null) {
            params.add("metadata", request.metadata());
        }
        return params.build();
    }

    @Override
    public SendMessageResult sendResult(JsonValue result) {
        StreamEvent event = streamEvent(result);
        if (event instanceof SendMessageResult answer) {
            return answer;
        }
        throw new A2AClientException("message/send answered neither a task nor a message");
    }

    @Override
    public StreamEvent streamEvent(JsonValue event) {
        JsonObject json = object(event);
        String kind = CardReader.text(json, "kind");
        return V1Wire.decode(() -> switch (kind == null ? "" : kind) {
            case "task" -> task(json);
            case "message" -> message(json);
            case "status-update" -> new TaskStatusUpdateEvent(json.getString("taskId"), CardReader.text(json, "contextId"),
                    status(json.getJsonObject("status")), metadata(json));
            case "artifact-update" -> new TaskArtifactUpdateEvent(json.getString("taskId"),
                    CardReader.text(json, "contextId"), artifact(json.getJsonObject("artifact")),
                    json.getBoolean("append", false), json.getBoolean("lastChunk", false), metadata(json));
            default -> throw new A2AClientException("unknown 0.3 event kind: " + kind);
        });
    }

    @Override
    public JsonObject get(GetTaskRequest request) {
        JsonObjectBuilder params = JsonFactory.createObjectBuilder().add("id", request.id());
        if (request.historyLength() != null) {
            params.add("historyLength", request.historyLength());
        }
        return params.build();
    }

    @Override
    public JsonObject cancel(CancelTaskRequest request) {
        return JsonFactory.createObjectBuilder().add("id", request.id()).build();
    }

    @Override
    public JsonObject subscribe(SubscribeToTaskRequest request) {
        return JsonFactory.createObjectBuilder().add("id", request.id()).build();
    }

    @Override
    public JsonObject list(ListTasksRequest request) {
        throw new A2AClientException("listing tasks is not part of A2A 0.3");
    }

    @Override
    public Task task(JsonValue result) {
        JsonObject json = object(result);
        return V1Wire.decode(() -> new Task(json.getString("id"), CardReader.text(json, "contextId"),
                status(json.getJsonObject("status")),
                CardReader.objects(json, "artifacts").stream().map(V03Wire::artifact).toList(),
                CardReader.objects(json, "history").stream().map(V03Wire::message).toList(), metadata(json)));
    }

    @Override
    public ListTasksResponse listResult(JsonValue result) {
        throw new A2AClientException("listing tasks is not part of A2A 0.3");
    }

    // ---------------------------------------------------------------- 1.0 records to 0.3 JSON

    static JsonObject message(Message message) {
        JsonArrayBuilder parts = JsonFactory.createArrayBuilder();
        message.parts().forEach(part -> parts.add(part(part)));
        JsonObjectBuilder json = JsonFactory.createObjectBuilder().add("kind", "message")
                .add("messageId", message.messageId())
                .add("role", message.role() == Role.AGENT ? "agent" : "user")
                .add("parts", parts);
        if (message.contextId() != null) {
            json.add("contextId", message.contextId());
        }
        if (message.taskId() != null) {
            json.add("taskId", message.taskId());
        }
        if (!message.referenceTaskIds().isEmpty()) {
            json.add("referenceTaskIds", JsonFactory.createArrayBuilder(message.referenceTaskIds()));
        }
        if (message.metadata() != null) {
            json.add("metadata", message.metadata());
        }
        return json.build();
    }

    static JsonObject part(Part part) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder();
        switch (part.kind()) {
            case TEXT -> json.add("kind", "text").add("text", part.text());
            case DATA -> json.add("kind", "data").add("data", part.data());
            case RAW, URL -> {
                JsonObjectBuilder file = JsonFactory.createObjectBuilder();
                if (part.kind() == Part.Kind.RAW) {
                    file.add("bytes", Base64.getEncoder().encodeToString(part.raw()));
                } else {
                    file.add("uri", part.url());
                }
                if (part.mediaType() != null) {
                    file.add("mimeType", part.mediaType());
                }
                if (part.filename() != null) {
                    file.add("name", part.filename());
                }
                json.add("kind", "file").add("file", file);
            }
        }
        if (part.metadata() != null) {
            json.add("metadata", part.metadata());
        }
        return json.build();
    }

    // ---------------------------------------------------------------- 0.3 JSON to 1.0 records

    static Message message(JsonObject json) {
        Role role = "agent".equals(CardReader.text(json, "role")) ? Role.AGENT : Role.USER;
        List<Part> parts = new ArrayList<>();
        CardReader.objects(json, "parts").forEach(part -> parts.add(part(part)));
        return new Message(json.getString("messageId"), CardReader.text(json, "contextId"),
                CardReader.text(json, "taskId"), role, parts, metadata(json), CardReader.strings(json, "extensions"),
                CardReader.strings(json, "referenceTaskIds"));
    }

    static Part part(JsonObject json) {
        String kind = CardReader.text(json, "kind");
        JsonObject metadata = metadata(json);
        if ("text".equals(kind)) {
            return new Part(Part.Kind.TEXT, json.getString("text"), null, null, null, null, null, metadata);
        }
        if ("data".equals(kind)) {
            return new Part(Part.Kind.DATA, null, null, null, json.get("data"), "application/json", null, metadata);
        }
        if ("file".equals(kind)) {
            JsonObject file = json.getJsonObject("file");
            String mediaType = CardReader.text(file, "mimeType");
            String name = CardReader.text(file, "name");
            if (file.get("bytes") instanceof JsonString bytes) {
                return new Part(Part.Kind.RAW, null, Base64.getDecoder().decode(bytes.getString()), null, null,
                        mediaType, name, metadata);
            }
            return new Part(Part.Kind.URL, null, null, file.getString("uri"), null, mediaType, name, metadata);
        }
        throw new A2AClientException("unknown 0.3 part kind: " + kind);
    }

    static TaskStatus status(JsonObject json) {
        String state = CardReader.text(json, "state");
        String timestamp = CardReader.text(json, "timestamp");
        return new TaskStatus(state(state), json.get("message") instanceof JsonObject m ? message(m) : null,
                timestamp == null ? null : instant(timestamp));
    }

    /** {@code input-required} to {@link TaskState#INPUT_REQUIRED}; {@code unknown} and anything new to UNSPECIFIED. */
    static TaskState state(String state) {
        if (state == null) {
            return TaskState.UNSPECIFIED;
        }
        try {
            return TaskState.valueOf(state.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            return TaskState.UNSPECIFIED;
        }
    }

    /** The 0.3 name of a state, e.g. {@code input-required}. */
    static String stateName(TaskState state) {
        return state == TaskState.UNSPECIFIED ? "unknown" : state.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Artifact artifact(JsonObject json) {
        return new Artifact(json.getString("artifactId"), CardReader.text(json, "name"),
                CardReader.text(json, "description"),
                CardReader.objects(json, "parts").stream().map(V03Wire::part).toList(), metadata(json),
                CardReader.strings(json, "extensions"));
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (RuntimeException e) {
            return OffsetDateTime.parse(text).toInstant();
        }
    }

    private static JsonObject metadata(JsonObject json) {
        return json.get("metadata") instanceof JsonObject m ? m : null;
    }

    private static JsonObject object(JsonValue value) {
        if (value instanceof JsonObject json) {
            return json;
        }
        throw new A2AClientException("the agent's answer is not a JSON object");
    }
}
