package dev.switchboard.client;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.jsonrpc.JsonRpcMethod;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** The JSON shapes of one protocol line, as a client writes requests and reads answers. */
interface Wire {
    ProtocolVersion version();

    /** @return the method's name in this line, or null when the line has no such method */
    String method(JsonRpcMethod method);

    JsonObject send(SendMessageRequest request);

    SendMessageResult sendResult(JsonValue result);

    /** One streamed event: the JSON-RPC result member, or a REST SSE event's whole document. */
    StreamEvent streamEvent(JsonValue event);

    JsonObject get(GetTaskRequest request);

    JsonObject cancel(CancelTaskRequest request);

    JsonObject subscribe(SubscribeToTaskRequest request);

    JsonObject list(ListTasksRequest request);

    Task task(JsonValue result);

    ListTasksResponse listResult(JsonValue result);
}
