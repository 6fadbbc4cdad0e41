package dev.switchboard.protocol.v03;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * The 0.3 requests, read into the 1.0 request records: the JSON-RPC {@code params} of
 * {@code message/send}, {@code tasks/get}... and the bodies and paths of the 0.3 HTTP+JSON routes.
 *
 * <ul>
 * <li>{@code configuration.blocking} is the inverse of 1.0's {@code returnImmediately}; absent
 *     means blocking, as every 0.3 SDK reads it.</li>
 * <li>{@code historyLength}: n means the most recent n, as in 1.0, except 0: the 0.3 proto reads 0
 *     as "no limit", and the official 0.3 clients send 0 when the caller set nothing (the Java SDK
 *     always does), so in 0.3 a 0 is unset.</li>
 * <li>The push config inside a send is {@code pushNotificationConfig} (JSON-RPC) or
 *     {@code pushNotification} (proto).</li>
 * </ul>
 */
public final class V03Requests {
    private V03Requests() {
    }

    /**
     * Reads {@code {message, configuration?, metadata?}}.
     *
     * @throws A2AException invalid params when the message is missing or malformed, or the
     *                      configuration has a negative history length or a malformed push config
     */
    public static SendMessageRequest sendMessage(JsonObject params, V03Dialect dialect) {
        JsonValue message = ProtoJson.field(params, "message");
        if (message == null) {
            throw invalid("message", "is required");
        }
        return new SendMessageRequest(null, Bridge.toV1Message(message, "message", dialect),
                configuration(ProtoJson.object(params, "", "configuration"), dialect),
                ProtoJson.object(params, "", "metadata"));
    }

    private static SendMessageConfiguration configuration(JsonObject json, V03Dialect dialect) {
        if (json == null) {
            return SendMessageConfiguration.DEFAULT;
        }
        String path = "configuration";
        Boolean blocking = ProtoJson.bool(json, path, "blocking");
        String pushName = ProtoJson.field(json, "pushNotificationConfig") != null
                ? "pushNotificationConfig" : "pushNotification";
        JsonObject push = ProtoJson.object(json, path, pushName);
        TaskPushNotificationConfig pushConfig = push == null ? null
                : PushConfigs.fromV03Config(push, path(path, pushName), "");
        return new SendMessageConfiguration(ProtoJson.strings(json, path, "acceptedOutputModes"), pushConfig,
                historyLength(json, path, dialect), blocking != null && !blocking);
    }

    /** Reads {@code {id, historyLength?, metadata?}} (JSON-RPC), or a proto {@code name} of {@code tasks/{id}}. */
    public static GetTaskRequest getTask(JsonObject params, V03Dialect dialect) {
        return new GetTaskRequest(null, taskId(params), historyLength(params, "", dialect));
    }

    /** Reads {@code {id, metadata?}}. */
    public static CancelTaskRequest cancelTask(JsonObject params) {
        return new CancelTaskRequest(null, taskId(params), ProtoJson.object(params, "", "metadata"));
    }

    /** Reads {@code {id, metadata?}}. */
    public static SubscribeToTaskRequest subscribeToTask(JsonObject params) {
        return new SubscribeToTaskRequest(null, taskId(params));
    }

    /**
     * The task a request names: {@code id}, or the proto resource name {@code tasks/{id}}.
     *
     * @throws A2AException invalid params when it names none
     */
    public static String taskId(JsonObject params) {
        String id = ProtoJson.string(params, "", "id");
        if (id == null) {
            String name = ProtoJson.string(params, "", "name");
            if (name != null && name.startsWith("tasks/") && name.length() > "tasks/".length()) {
                id = name.substring("tasks/".length());
            }
        }
        if (id == null || id.isEmpty()) {
            throw invalid("id", "is required");
        }
        return id;
    }

    private static Integer historyLength(JsonObject json, String parent, V03Dialect dialect) {
        Integer historyLength = ProtoJson.int32(json, parent, "historyLength");
        if (historyLength != null && historyLength < 0) {
            throw invalid(path(parent, "historyLength"), "must not be negative");
        }
        if (historyLength != null && historyLength == 0) {
            return null;
        }
        return historyLength;
    }
}
