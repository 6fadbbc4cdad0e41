package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsRequest;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsResponse;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;

/**
 * {@link TaskPushNotificationConfig} in 1.0 ProtoJSON:
 * {@code {tenant?, id?, taskId?, url, token?, authentication?{scheme, credentials?}}}. The same
 * object is the CreateTaskPushNotificationConfig request, its response, and the
 * {@code taskPushNotificationConfig} of a SendMessage configuration.
 */
public final class PushConfigCodec {
    // The release candidate nested everything but taskId under this member.
    private static final String RC_NESTED = "pushNotificationConfig";

    private PushConfigCodec() {
    }

    /** The config as a JSON object, credentials included: only its owner ever receives it. */
    public static JsonObject toJson(TaskPushNotificationConfig config) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", config.tenant());
        ProtoWriter.putString(json, "id", config.id());
        ProtoWriter.putString(json, "taskId", config.taskId());
        json.add("url", config.url());
        ProtoWriter.putString(json, "token", config.token());
        AuthenticationInfo authentication = config.authentication();
        if (authentication != null) {
            JsonObjectBuilder auth = ProtoWriter.objectBuilder().add("scheme", authentication.scheme());
            ProtoWriter.putString(auth, "credentials", authentication.credentials());
            json.add("authentication", auth);
        }
        return json.build();
    }

    /**
     * Reads a config. The release candidate's shape, with {@code id}, {@code url}, {@code token} and
     * {@code authentication} nested under {@code pushNotificationConfig}, is read too when the top
     * level has no {@code url}.
     *
     * @param path where the config sits, e.g. {@code configuration.taskPushNotificationConfig};
     *             empty when it is the whole request
     * @throws A2AException invalid params when {@code url} is missing, {@code authentication} has
     *                      no {@code scheme}, or a field has the wrong type
     */
    public static TaskPushNotificationConfig fromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        JsonObject body = json;
        String bodyPath = path;
        if (ProtoJson.field(json, "url") == null && ProtoJson.field(json, RC_NESTED) != null) {
            body = ProtoJson.object(json, path, RC_NESTED);
            bodyPath = path(path, RC_NESTED);
        }
        return new TaskPushNotificationConfig(
                ProtoJson.string(json, path, "tenant"),
                ProtoJson.string(body, bodyPath, "id"),
                ProtoJson.string(json, path, "taskId"),
                ProtoJson.requiredString(body, bodyPath, "url"),
                ProtoJson.string(body, bodyPath, "token"),
                authentication(body, bodyPath));
    }

    private static AuthenticationInfo authentication(JsonObject json, String parent) {
        JsonObject auth = ProtoJson.object(json, parent, "authentication");
        if (auth == null) {
            return null;
        }
        String path = path(parent, "authentication");
        return new AuthenticationInfo(ProtoJson.requiredString(auth, path, "scheme"),
                ProtoJson.string(auth, path, "credentials"));
    }

    /** GetTaskPushNotificationConfig and DeleteTaskPushNotificationConfig params: {@code {tenant?, taskId, id}}. */
    public static TaskPushNotificationConfigRequest configRequest(JsonObject params) {
        return new TaskPushNotificationConfigRequest(ProtoJson.requiredString(params, "", "taskId"),
                ProtoJson.requiredString(params, "", "id"));
    }

    /** ListTaskPushNotificationConfigs params: {@code {tenant?, taskId, pageSize?, pageToken?}}. */
    public static ListTaskPushNotificationConfigsRequest listRequest(JsonObject params) {
        Integer pageSize = ProtoJson.int32(params, "", "pageSize");
        if (pageSize != null && (pageSize < 0 || pageSize > ListTaskPushNotificationConfigsRequest.MAX_PAGE_SIZE)) {
            throw ProtoJson.invalid("pageSize", "must be between 1 and "
                    + ListTaskPushNotificationConfigsRequest.MAX_PAGE_SIZE);
        }
        return new ListTaskPushNotificationConfigsRequest(ProtoJson.requiredString(params, "", "taskId"), pageSize,
                ProtoJson.string(params, "", "pageToken"));
    }

    /** {@code {configs: [...], nextPageToken}}. */
    public static JsonObject toJson(ListTaskPushNotificationConfigsResponse response) {
        jakarta.json.JsonArrayBuilder configs = ProtoWriter.arrayBuilder();
        response.configs().forEach(config -> configs.add(toJson(config)));
        return ProtoWriter.objectBuilder().add("configs", configs).add("nextPageToken", response.nextPageToken())
                .build();
    }
}
