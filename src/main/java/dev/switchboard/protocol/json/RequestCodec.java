package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The 1.0 request messages that JSON-RPC carries as {@code params} and HTTP+JSON as a body:
 * SendMessage (also SendStreamingMessage), GetTask, CancelTask and SubscribeToTask. ListTasks is
 * in {@link ListTasksCodec}, push configs in {@link PushConfigCodec}.
 *
 * <p>Errors name the field relative to the params object, e.g. {@code message.parts[0]} or
 * {@code configuration.historyLength}.
 */
public final class RequestCodec {
    private RequestCodec() {
    }

    /**
     * Reads {@code {tenant?, message, configuration?, metadata?}}. In the configuration, the
     * release candidate's {@code blocking} is read as the inverse of {@code returnImmediately} when
     * the latter is absent, and its {@code pushNotificationConfig} stands in for a missing
     * {@code taskPushNotificationConfig}.
     *
     * @throws A2AException invalid params when the message is missing or invalid, or the
     *                      configuration has a negative {@code historyLength} or malformed fields
     */
    public static SendMessageRequest sendMessageRequest(JsonObject params) {
        JsonValue message = ProtoJson.field(params, "message");
        if (message == null) {
            throw invalid("message", "is required");
        }
        return new SendMessageRequest(ProtoJson.string(params, "", "tenant"),
                MessageCodec.fromJson(message, "message"),
                configuration(ProtoJson.object(params, "", "configuration")),
                ProtoJson.object(params, "", "metadata"));
    }

    private static SendMessageConfiguration configuration(JsonObject json) {
        if (json == null) {
            return SendMessageConfiguration.DEFAULT;
        }
        String path = "configuration";
        Boolean returnImmediately = ProtoJson.bool(json, path, "returnImmediately");
        if (returnImmediately == null) {
            Boolean blocking = ProtoJson.bool(json, path, "blocking");
            returnImmediately = blocking != null && !blocking;
        }
        String pushName = ProtoJson.field(json, "taskPushNotificationConfig") != null
                ? "taskPushNotificationConfig" : "pushNotificationConfig";
        JsonValue push = ProtoJson.field(json, pushName);
        TaskPushNotificationConfig pushConfig =
                push == null ? null : PushConfigCodec.fromJson(push, path(path, pushName));
        return new SendMessageConfiguration(ProtoJson.strings(json, path, "acceptedOutputModes"), pushConfig,
                historyLength(json, path), returnImmediately);
    }

    /** The request as {@code {tenant?, message, configuration?, metadata?}}; a default configuration is left out. */
    public static JsonObject toJson(SendMessageRequest request) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", request.tenant());
        json.add("message", MessageCodec.toJson(request.message()));
        SendMessageConfiguration configuration = request.configuration();
        JsonObjectBuilder config = ProtoWriter.objectBuilder();
        ProtoWriter.putStrings(config, "acceptedOutputModes", configuration.acceptedOutputModes());
        if (configuration.pushNotificationConfig() != null) {
            config.add("taskPushNotificationConfig", PushConfigCodec.toJson(configuration.pushNotificationConfig()));
        }
        if (configuration.historyLength() != null) {
            config.add("historyLength", configuration.historyLength());
        }
        ProtoWriter.putTrue(config, "returnImmediately", configuration.returnImmediately());
        JsonObject built = config.build();
        if (!built.isEmpty()) {
            json.add("configuration", built);
        }
        ProtoWriter.putObject(json, "metadata", request.metadata());
        return json.build();
    }

    /**
     * Reads {@code {tenant?, id, historyLength?}}.
     *
     * @throws A2AException invalid params when {@code id} is missing or {@code historyLength} is
     *                      negative or not an integer
     */
    public static GetTaskRequest getTaskRequest(JsonObject params) {
        return new GetTaskRequest(ProtoJson.string(params, "", "tenant"), ProtoJson.requiredString(params, "", "id"),
                historyLength(params, ""));
    }

    /** The request as {@code {tenant?, id, historyLength?}}; a zero history length is written, it has presence. */
    public static JsonObject toJson(GetTaskRequest request) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", request.tenant());
        json.add("id", request.id());
        if (request.historyLength() != null) {
            json.add("historyLength", request.historyLength());
        }
        return json.build();
    }

    /**
     * Reads {@code {tenant?, id, metadata?}}.
     *
     * @throws A2AException invalid params when {@code id} is missing or {@code metadata} is not an object
     */
    public static CancelTaskRequest cancelTaskRequest(JsonObject params) {
        return new CancelTaskRequest(ProtoJson.string(params, "", "tenant"), ProtoJson.requiredString(params, "", "id"),
                ProtoJson.object(params, "", "metadata"));
    }

    /** The request as {@code {tenant?, id, metadata?}}. */
    public static JsonObject toJson(CancelTaskRequest request) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", request.tenant());
        json.add("id", request.id());
        ProtoWriter.putObject(json, "metadata", request.metadata());
        return json.build();
    }

    /**
     * Reads {@code {tenant?, id}}.
     *
     * @throws A2AException invalid params when {@code id} is missing
     */
    public static SubscribeToTaskRequest subscribeToTaskRequest(JsonObject params) {
        return new SubscribeToTaskRequest(ProtoJson.string(params, "", "tenant"),
                ProtoJson.requiredString(params, "", "id"));
    }

    /** The request as {@code {tenant?, id}}. */
    public static JsonObject toJson(SubscribeToTaskRequest request) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", request.tenant());
        json.add("id", request.id());
        return json.build();
    }

    /**
     * An optional {@code historyLength}: unset means no client limit, 0 means no history.
     *
     * @throws A2AException invalid params when it is negative or not an integer
     */
    static Integer historyLength(JsonObject json, String parent) {
        Integer historyLength = ProtoJson.int32(json, parent, "historyLength");
        if (historyLength != null && historyLength < 0) {
            throw invalid(path(parent, "historyLength"), "must not be negative");
        }
        return historyLength;
    }
}
