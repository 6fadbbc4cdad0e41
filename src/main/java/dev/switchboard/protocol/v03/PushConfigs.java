package dev.switchboard.protocol.v03;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.json.ProtoWriter;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;

/**
 * Push notification configs between 1.0's flat {@code TaskPushNotificationConfig} and 0.3's
 * nested one:
 *
 * <ul>
 * <li>JSON-RPC: {@code {taskId, pushNotificationConfig{id?, url, token?, authentication?{schemes[], credentials?}}}};</li>
 * <li>proto (REST): {@code {name:"tasks/{taskId}/pushNotificationConfigs/{id}", pushNotificationConfig{…}}}.</li>
 * </ul>
 *
 * <p>1.0 names one authentication {@code scheme}, 0.3 a list of {@code schemes}: a 1.0 scheme
 * becomes a list of one, and of a 0.3 list the first scheme is kept (the server presents one
 * credential; 0.3 leaves the choice among several to it).
 */
public final class PushConfigs {
    private static final String TASKS = "tasks/";
    private static final String CONFIGS = "/pushNotificationConfigs/";

    private PushConfigs() {
    }

    /** The 1.0 config in the dialect's {@code TaskPushNotificationConfig} shape. */
    public static JsonObject toV03(TaskPushNotificationConfig config, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        if (dialect == V03Dialect.PROTO) {
            json.add("name", TASKS + config.taskId() + (config.id() == null ? "" : CONFIGS + config.id()));
        } else {
            json.add("taskId", config.taskId() == null ? "" : config.taskId());
        }
        // camelCase in both dialects: ProtoJSON prints json names, and 0.3 REST clients read this one
        return json.add("pushNotificationConfig", configToV03(config)).build();
    }

    /** The inner 0.3 {@code PushNotificationConfig}: {@code {id?, url, token?, authentication?}}. */
    public static JsonObject configToV03(TaskPushNotificationConfig config) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "id", config.id());
        json.add("url", config.url());
        ProtoWriter.putString(json, "token", config.token());
        AuthenticationInfo auth = config.authentication();
        if (auth != null) {
            JsonObjectBuilder authentication = ProtoWriter.objectBuilder()
                    .add("schemes", ProtoWriter.arrayBuilder().add(auth.scheme()));
            ProtoWriter.putString(authentication, "credentials", auth.credentials());
            json.add("authentication", authentication);
        }
        return json.build();
    }

    /** A list of configs: the bare array of JSON-RPC, or the proto's {@code {configs:[…]}}. */
    public static jakarta.json.JsonStructure listToV03(List<TaskPushNotificationConfig> configs, V03Dialect dialect) {
        JsonArrayBuilder array = ProtoWriter.arrayBuilder();
        configs.forEach(config -> array.add(toV03(config, dialect)));
        return dialect == V03Dialect.PROTO ? ProtoWriter.objectBuilder().add("configs", array).build() : array.build();
    }

    /**
     * Reads a 0.3 {@code TaskPushNotificationConfig} in either dialect. The task comes from
     * {@code taskId}, the resource {@code name}, or {@code pathTaskId} when the route names it; the
     * proto's create request {@code {parent, configId, config}} is read too.
     *
     * @param pathTaskId the task the URL names, or null
     * @throws A2AException invalid params when no task is named, the config or its {@code url} is
     *                      missing, or a field has the wrong type
     */
    public static TaskPushNotificationConfig fromV03(JsonObject json, String pathTaskId) {
        JsonObject body = json;
        String configId = null;
        if (ProtoJson.field(json, "config") != null) {
            body = ProtoJson.object(json, "", "config");
            configId = ProtoJson.string(json, "", "configId");
        }
        String taskId = ProtoJson.string(body, "", "taskId");
        String name = ProtoJson.string(body, "", "name");
        if (taskId == null && name != null && name.startsWith(TASKS)) {
            int end = name.indexOf('/', TASKS.length());
            taskId = name.substring(TASKS.length(), end < 0 ? name.length() : end);
        }
        if (pathTaskId != null) {
            taskId = pathTaskId;
        }
        if (taskId == null || taskId.isEmpty()) {
            throw invalid("taskId", "is required");
        }
        JsonObject inner = ProtoJson.object(body, "", "pushNotificationConfig");
        if (inner == null) {
            throw invalid("pushNotificationConfig", "is required");
        }
        TaskPushNotificationConfig config = fromV03Config(inner, "pushNotificationConfig", taskId);
        if (config.id() == null && configId != null && !configId.isEmpty()) {
            return new TaskPushNotificationConfig(null, configId, taskId, config.url(), config.token(),
                    config.authentication());
        }
        return config;
    }

    /**
     * Reads the inner 0.3 {@code PushNotificationConfig} {@code {id?, url, token?, authentication?}}.
     *
     * @param taskId the task it belongs to; empty inside a send's configuration
     */
    public static TaskPushNotificationConfig fromV03Config(JsonObject json, String path, String taskId) {
        JsonObject auth = ProtoJson.object(json, path, "authentication");
        AuthenticationInfo authentication = null;
        if (auth != null) {
            String authPath = path(path, "authentication");
            List<String> schemes = ProtoJson.strings(auth, authPath, "schemes");
            String credentials = ProtoJson.string(auth, authPath, "credentials");
            if (!schemes.isEmpty()) {
                authentication = new AuthenticationInfo(schemes.get(0), credentials);
            } else if (credentials != null && !credentials.isEmpty()) {
                throw invalid(path(authPath, "schemes"), "must name the scheme of the credentials");
            }
            // proto clients send an empty authentication message for none
        }
        return new TaskPushNotificationConfig(null, ProtoJson.string(json, path, "id"), taskId,
                ProtoJson.requiredString(json, path, "url"), ProtoJson.string(json, path, "token"), authentication);
    }

    /** The config a 0.3 get or delete names: {@code pushNotificationConfigId}, else the proto {@code name}. */
    public static String configId(JsonObject params) {
        String id = ProtoJson.string(params, "", "pushNotificationConfigId");
        if (id == null) {
            String name = ProtoJson.string(params, "", "name");
            int at = name == null ? -1 : name.indexOf(CONFIGS);
            if (at >= 0) {
                id = name.substring(at + CONFIGS.length());
            }
        }
        return id;
    }
}
