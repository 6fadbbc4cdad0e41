package dev.switchboard.web.binding;

import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentCardCodec;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.v03.AgentCardV03Codec;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.RequestCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.protocol.v03.Bridge;
import dev.switchboard.protocol.v03.V03Dialect;
import dev.switchboard.protocol.v03.V03Requests;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.json.PushConfigCodec;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsRequest;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsResponse;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.protocol.v03.PushConfigs;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;

/**
 * The JSON a binding reads and writes in one protocol line: 1.0 ProtoJSON, the 0.3 JSON-RPC types
 * or the 0.3 proto JSON of the {@code /v1} HTTP+JSON routes. A binding picks one per request and
 * otherwise handles both lines the same way, so 0.3 is a translation at the edge and never a
 * second path to the tasks.
 */
public enum WireFormat {
    V1(null),
    V03_JSONRPC(V03Dialect.JSONRPC),
    V03_PROTO(V03Dialect.PROTO);

    private final V03Dialect dialect;

    WireFormat(V03Dialect dialect) {
        this.dialect = dialect;
    }

    public static WireFormat jsonRpc(ProtocolVersion line) {
        return line == ProtocolVersion.V0_3 ? V03_JSONRPC : V1;
    }

    public static WireFormat rest(ProtocolVersion line) {
        return line == ProtocolVersion.V0_3 ? V03_PROTO : V1;
    }

    public ProtocolVersion line() {
        return dialect == null ? ProtocolVersion.V1_0 : ProtocolVersion.V0_3;
    }

    public SendMessageRequest sendMessage(JsonObject params) {
        return dialect == null ? RequestCodec.sendMessageRequest(params) : V03Requests.sendMessage(params, dialect);
    }

    public GetTaskRequest getTask(JsonObject params) {
        return dialect == null ? RequestCodec.getTaskRequest(params) : V03Requests.getTask(params, dialect);
    }

    public CancelTaskRequest cancelTask(JsonObject params) {
        return dialect == null ? RequestCodec.cancelTaskRequest(params) : V03Requests.cancelTask(params);
    }

    public SubscribeToTaskRequest subscribeToTask(JsonObject params) {
        return dialect == null ? RequestCodec.subscribeToTaskRequest(params) : V03Requests.subscribeToTask(params);
    }

    public JsonObject sendResult(SendMessageResult result) {
        return dialect == null ? StreamEventCodec.toSendMessageResponse(result) : Bridge.sendResult(result, dialect);
    }

    public JsonObject task(Task task) {
        return dialect == null ? TaskCodec.toJson(task) : Bridge.toV03(task, dialect);
    }

    public JsonObject streamEvent(StreamEvent event) {
        return dialect == null ? StreamEventCodec.toStreamResponse(event) : Bridge.streamEvent(event, dialect);
    }

    /**
     * A push config to create. The task comes from the route when it names one, else from the body.
     *
     * @param pathTaskId the task the URL names, or null on JSON-RPC
     */
    public TaskPushNotificationConfig pushConfig(JsonObject params, String pathTaskId) {
        if (dialect != null) {
            // 0.3 servers gave a config created without an id the task's id, and 0.3 clients get
            // and delete it by the task alone
            TaskPushNotificationConfig config = PushConfigs.fromV03(params, pathTaskId);
            return config.id() == null || config.id().isEmpty() ? new TaskPushNotificationConfig(config.tenant(),
                    config.taskId(), config.taskId(), config.url(), config.token(), config.authentication()) : config;
        }
        TaskPushNotificationConfig config = PushConfigCodec.fromJson(params, "");
        String taskId = pathTaskId != null ? pathTaskId : config.taskId();
        if (taskId == null || taskId.isEmpty()) {
            throw A2AException.invalidField("taskId", "is required");
        }
        return new TaskPushNotificationConfig(config.tenant(), config.id(), taskId, config.url(), config.token(),
                config.authentication());
    }

    /**
     * The config a get or delete names. 0.3 names the task {@code id} and the config
     * {@code pushNotificationConfigId}; without one, the config of the task's own id is meant
     * (0.3 servers gave a config created without an id the task's id).
     */
    public TaskPushNotificationConfigRequest pushConfigRequest(JsonObject params) {
        if (dialect == null) {
            return PushConfigCodec.configRequest(params);
        }
        String taskId = ProtoJson.requiredString(params, "", "id");
        String configId = PushConfigs.configId(params);
        return new TaskPushNotificationConfigRequest(taskId, configId == null ? taskId : configId);
    }

    /** Which task's configs to list: 0.3 has no paging, so one page of the most there can be. */
    public ListTaskPushNotificationConfigsRequest pushConfigList(JsonObject params) {
        return dialect == null ? PushConfigCodec.listRequest(params) : new ListTaskPushNotificationConfigsRequest(
                ProtoJson.requiredString(params, "", "id"), ListTaskPushNotificationConfigsRequest.MAX_PAGE_SIZE, null);
    }

    public JsonObject pushConfig(TaskPushNotificationConfig config) {
        return dialect == null ? PushConfigCodec.toJson(config) : PushConfigs.toV03(config, dialect);
    }

    public JsonStructure pushConfigs(ListTaskPushNotificationConfigsResponse configs) {
        return dialect == null ? PushConfigCodec.toJson(configs) : PushConfigs.listToV03(configs.configs(), dialect);
    }

    /** An Agent Card in this line's JSON. */
    public JsonObject card(AgentCard card) {
        return (dialect == null ? AgentCardCodec.toJson(card) : AgentCardV03Codec.toJson(card)).build();
    }

    /** What a delete answers: 1.0's empty message; 0.3 JSON-RPC's {@code null}. */
    public JsonValue pushConfigDeleted() {
        return dialect == V03Dialect.JSONRPC ? JsonValue.NULL : JsonValue.EMPTY_JSON_OBJECT;
    }
}
