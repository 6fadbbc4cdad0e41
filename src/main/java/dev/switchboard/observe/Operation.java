package dev.switchboard.observe;

/**
 * The A2A operations, by their 1.0 names, as metrics and log lines name them whatever the binding
 * or line (a 0.3 {@code message/send} is {@code SendMessage}). Constant names match the JSON-RPC
 * method table's, so a binding maps with {@code valueOf}.
 */
public enum Operation {
    SEND_MESSAGE("SendMessage"),
    SEND_STREAMING_MESSAGE("SendStreamingMessage"),
    GET_TASK("GetTask"),
    LIST_TASKS("ListTasks"),
    CANCEL_TASK("CancelTask"),
    SUBSCRIBE_TO_TASK("SubscribeToTask"),
    CREATE_PUSH_CONFIG("CreateTaskPushNotificationConfig"),
    GET_PUSH_CONFIG("GetTaskPushNotificationConfig"),
    LIST_PUSH_CONFIGS("ListTaskPushNotificationConfigs"),
    DELETE_PUSH_CONFIG("DeleteTaskPushNotificationConfig"),
    GET_EXTENDED_AGENT_CARD("GetExtendedAgentCard"),
    /** A request refused before its operation was known (unreadable envelope, unknown method). */
    UNKNOWN("unknown");

    private final String label;

    Operation(String label) {
        this.label = label;
    }

    /**
     * The operation a gRPC method is, by its name in either service; the 0.3 proto names three of
     * them otherwise. {@link #UNKNOWN} for a name neither service has.
     */
    public static Operation ofRpc(String method) {
        switch (method) {
            case "TaskSubscription":
                return SUBSCRIBE_TO_TASK;
            case "ListTaskPushNotificationConfig":
                return LIST_PUSH_CONFIGS;
            case "GetAgentCard":
                return GET_EXTENDED_AGENT_CARD;
            default:
                for (Operation operation : values()) {
                    if (operation.label.equals(method)) {
                        return operation;
                    }
                }
                return UNKNOWN;
        }
    }

    /** The name metrics and logs use. */
    public String label() {
        return label;
    }
}
