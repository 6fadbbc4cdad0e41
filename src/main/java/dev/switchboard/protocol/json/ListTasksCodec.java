package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.invalid;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * ListTasks in 1.0 ProtoJSON. The request's fields arrive as JSON-RPC params or, for HTTP+JSON,
 * as query parameters put into an object of strings; both read the same since numbers and
 * booleans are accepted as strings.
 */
public final class ListTasksCodec {
    private ListTasksCodec() {
    }

    /**
     * Reads {@code {tenant?, contextId?, status?, pageSize?, pageToken?, historyLength?,
     * statusTimestampAfter?, includeArtifacts?}}. {@code TASK_STATE_UNSPECIFIED} is proto3's
     * "not set", so it filters nothing. The page token is passed on as it came: only the service
     * knows what a valid one looks like.
     *
     * @throws A2AException invalid params for an unknown {@code status}, a {@code pageSize} outside
     *                      1..100, a negative {@code historyLength}, a {@code statusTimestampAfter}
     *                      that is not a timestamp, or a field of the wrong type
     */
    public static ListTasksRequest request(JsonObject params) {
        TaskState status = TaskCodec.state(params, "", "status");
        Integer pageSize = ProtoJson.int32(params, "", "pageSize");
        if (pageSize != null && (pageSize < 1 || pageSize > ListTasksRequest.MAX_PAGE_SIZE)) {
            throw invalid("pageSize", "must be between 1 and " + ListTasksRequest.MAX_PAGE_SIZE);
        }
        return new ListTasksRequest(ProtoJson.string(params, "", "tenant"),
                ProtoJson.string(params, "", "contextId"),
                status == TaskState.UNSPECIFIED ? null : status,
                ProtoJson.timestamp(params, "", "statusTimestampAfter"),
                pageSize,
                ProtoJson.string(params, "", "pageToken"),
                RequestCodec.historyLength(params, ""),
                Boolean.TRUE.equals(ProtoJson.bool(params, "", "includeArtifacts")));
    }

    /** The request with its fields in proto order, unset ones left out. */
    public static JsonObject toJson(ListTasksRequest request) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "tenant", request.tenant());
        ProtoWriter.putString(json, "contextId", request.contextId());
        if (request.status() != null) {
            json.add("status", request.status().wireName());
        }
        if (request.pageSize() != null) {
            json.add("pageSize", request.pageSize());
        }
        ProtoWriter.putString(json, "pageToken", request.pageToken());
        if (request.historyLength() != null) {
            json.add("historyLength", request.historyLength());
        }
        ProtoWriter.putTimestamp(json, "statusTimestampAfter", request.statusTimestampAfter());
        ProtoWriter.putTrue(json, "includeArtifacts", request.includeArtifacts());
        return json.build();
    }

    /**
     * The response with all four fields always present, even as {@code []}, {@code ""} and
     * {@code 0}: clients and the TCK treat them as required, unlike ProtoJSON's default omission.
     * Tasks themselves follow the usual rules, so a task without artifacts has no {@code artifacts}.
     */
    public static JsonObject toJson(ListTasksResponse response) {
        JsonArrayBuilder tasks = ProtoWriter.arrayBuilder();
        for (Task task : response.tasks()) {
            tasks.add(TaskCodec.toJson(task));
        }
        return ProtoWriter.objectBuilder()
                .add("tasks", tasks)
                .add("nextPageToken", response.nextPageToken())
                .add("pageSize", response.pageSize())
                .add("totalSize", response.totalSize())
                .build();
    }

    /**
     * Reads a response; missing fields take their defaults.
     *
     * @param path where the response sits; empty when it is the whole document
     * @throws A2AException invalid params when a task or a count is malformed
     */
    public static ListTasksResponse response(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        String nextPageToken = ProtoJson.string(json, path, "nextPageToken");
        Integer pageSize = ProtoJson.int32(json, path, "pageSize");
        Integer totalSize = ProtoJson.int32(json, path, "totalSize");
        return new ListTasksResponse(ProtoJson.list(json, path, "tasks", TaskCodec::fromJson),
                nextPageToken == null ? "" : nextPageToken,
                pageSize == null ? 0 : pageSize,
                totalSize == null ? 0 : totalSize);
    }
}
