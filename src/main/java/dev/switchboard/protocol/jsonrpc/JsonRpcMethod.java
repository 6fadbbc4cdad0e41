package dev.switchboard.protocol.jsonrpc;

import dev.switchboard.protocol.ProtocolVersion;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The A2A operations by their JSON-RPC method names in each protocol line. A request without an
 * {@code A2A-Version} tells its line by the name it uses.
 */
public enum JsonRpcMethod {
    SEND_MESSAGE("SendMessage", "message/send"),
    SEND_STREAMING_MESSAGE("SendStreamingMessage", "message/stream"),
    GET_TASK("GetTask", "tasks/get"),
    LIST_TASKS("ListTasks", null),
    CANCEL_TASK("CancelTask", "tasks/cancel"),
    SUBSCRIBE_TO_TASK("SubscribeToTask", "tasks/resubscribe"),
    CREATE_PUSH_CONFIG("CreateTaskPushNotificationConfig", "tasks/pushNotificationConfig/set"),
    GET_PUSH_CONFIG("GetTaskPushNotificationConfig", "tasks/pushNotificationConfig/get"),
    LIST_PUSH_CONFIGS("ListTaskPushNotificationConfigs", "tasks/pushNotificationConfig/list"),
    DELETE_PUSH_CONFIG("DeleteTaskPushNotificationConfig", "tasks/pushNotificationConfig/delete"),
    GET_EXTENDED_AGENT_CARD("GetExtendedAgentCard", "agent/getAuthenticatedExtendedCard");

    private static final Map<String, JsonRpcMethod> V1 = new HashMap<>();
    private static final Map<String, JsonRpcMethod> V03 = new HashMap<>();

    static {
        for (JsonRpcMethod method : values()) {
            V1.put(method.v1Name, method);
            if (method.v03Name != null) {
                V03.put(method.v03Name, method);
            }
        }
    }

    private final String v1Name;
    private final String v03Name;

    JsonRpcMethod(String v1Name, String v03Name) {
        this.v1Name = v1Name;
        this.v03Name = v03Name;
    }

    public String v1Name() {
        return v1Name;
    }

    /** @return the 0.3 name, or null when 0.3 has no such method */
    public String v03Name() {
        return v03Name;
    }

    /** The method a name denotes in the given line. */
    public static Optional<JsonRpcMethod> named(String name, ProtocolVersion version) {
        return Optional.ofNullable(version == ProtocolVersion.V0_3 ? V03.get(name) : V1.get(name));
    }

    /** The line whose method names include this one, for requests that name no version. */
    public static Optional<ProtocolVersion> lineOf(String name) {
        if (V1.containsKey(name)) {
            return Optional.of(ProtocolVersion.V1_0);
        }
        return V03.containsKey(name) ? Optional.of(ProtocolVersion.V0_3) : Optional.empty();
    }

    /** Whether the method answers with a stream of events. */
    public boolean isStreaming() {
        return this == SEND_STREAMING_MESSAGE || this == SUBSCRIBE_TO_TASK;
    }
}
