package dev.switchboard.protocol.request;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.FieldViolation;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * The longest identifiers and strings a client may send, in characters. Those that end in a
 * column of the task store fit it (the migrations under {@code db/migration}); the others are
 * bounded so that no value a client chose is kept or echoed without limit. Every request is
 * checked once, as decoded from either binding and either protocol line, before anything is
 * looked up or stored: an over-long value is invalid params naming the field and its limit.
 * Nor may they hold U+0000, which PostgreSQL cannot store.
 */
public final class FieldLimits {
    /** {@code a2a_task.id}, {@code a2a_task_event.task_id}, {@code a2a_push_config.task_id}. */
    public static final int TASK_ID = 128;
    /** {@code a2a_task.context_id}. */
    public static final int CONTEXT_ID = 255;
    /** Kept in the task's JSON: as long as a context id. */
    public static final int MESSAGE_ID = 255;
    /** Compared with the agent's one tenant, never stored. */
    public static final int TENANT = 255;
    /** A key of a metadata object (top level), kept in the task's JSON. */
    public static final int METADATA_KEY = 255;
    /** An extension URI a message names. */
    public static final int EXTENSION_URI = 2048;
    /** {@code a2a_push_config.id}. */
    public static final int PUSH_CONFIG_ID = 128;
    /** {@code a2a_push_config.url}. */
    public static final int PUSH_URL = 2048;
    /** {@code a2a_push_config.auth_scheme}. */
    public static final int PUSH_AUTH_SCHEME = 64;
    /** A push token or credentials, sealed into {@code token_sealed} (4096) or {@code credentials_sealed} (8192). */
    public static final int PUSH_SECRET = 2048;
    /** A page token: the server's own are far shorter. */
    public static final int PAGE_TOKEN = 1024;

    private FieldLimits() {
    }

    /** SendMessage and SendStreamingMessage; the push config inside is checked where push configs are. */
    public static void check(SendMessageRequest request) {
        tenant(request.tenant());
        message(request.message(), "message");
        metadata(request.metadata(), "metadata");
    }

    public static void check(GetTaskRequest request) {
        tenant(request.tenant());
        taskId(request.id(), "id");
    }

    public static void check(CancelTaskRequest request) {
        tenant(request.tenant());
        taskId(request.id(), "id");
        metadata(request.metadata(), "metadata");
    }

    public static void check(SubscribeToTaskRequest request) {
        tenant(request.tenant());
        taskId(request.id(), "id");
    }

    public static void check(ListTasksRequest request) {
        tenant(request.tenant());
        check(request.contextId(), "contextId", CONTEXT_ID);
        check(request.pageToken(), "pageToken", PAGE_TOKEN);
    }

    public static void check(TaskPushNotificationConfigRequest request) {
        taskId(request.taskId(), "taskId");
        check(request.id(), "id", PUSH_CONFIG_ID);
    }

    public static void check(ListTaskPushNotificationConfigsRequest request) {
        taskId(request.taskId(), "taskId");
        check(request.pageToken(), "pageToken", PAGE_TOKEN);
    }

    /** @throws A2AException invalid params when the tenant is longer than {@link #TENANT} */
    public static void tenant(String tenant) {
        check(tenant, "tenant", TENANT);
    }

    /** @throws A2AException invalid params when the task id is longer than {@link #TASK_ID} */
    public static void taskId(String taskId, String field) {
        check(taskId, field, TASK_ID);
    }

    private static void message(Message message, String path) {
        check(message.messageId(), path + ".messageId", MESSAGE_ID);
        check(message.contextId(), path + ".contextId", CONTEXT_ID);
        taskId(message.taskId(), path + ".taskId");
        for (int i = 0; i < message.referenceTaskIds().size(); i++) {
            taskId(message.referenceTaskIds().get(i), path + ".referenceTaskIds[" + i + "]");
        }
        for (int i = 0; i < message.extensions().size(); i++) {
            check(message.extensions().get(i), path + ".extensions[" + i + "]", EXTENSION_URI);
        }
        metadata(message.metadata(), path + ".metadata");
        List<Part> parts = message.parts();
        for (int i = 0; i < parts.size(); i++) {
            metadata(parts.get(i).metadata(), path + ".parts[" + i + "].metadata");
        }
    }

    private static void metadata(JsonObject metadata, String path) {
        if (metadata == null) {
            return;
        }
        for (String key : metadata.keySet()) {
            if (key.length() > METADATA_KEY) {
                throw violated(path, "has a key longer than " + METADATA_KEY + " characters");
            }
        }
    }

    /**
     * @throws A2AException invalid params when {@code value} is longer than {@code limit} characters,
     *                      or holds U+0000
     */
    public static void check(String value, String field, int limit) {
        if (value == null) {
            return;
        }
        if (value.length() > limit) {
            throw violated(field, "is longer than " + limit + " characters");
        }
        // PostgreSQL's text types cannot hold it: a task id with one could neither be stored nor
        // looked up there, and the query would fail as the server's error, not the client's
        if (value.indexOf('\u0000') >= 0) {
            throw violated(field, "contains the character U+0000");
        }
    }

    private static A2AException violated(String field, String description) {
        return new A2AException(A2AError.INVALID_PARAMS, field + " " + description, Map.of(),
                List.of(new FieldViolation(field, description)));
    }
}
