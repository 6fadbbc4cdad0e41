package dev.switchboard.web;

import dev.switchboard.protocol.ProtocolVersion;
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
import jakarta.json.JsonObject;

/**
 * The JSON a binding reads and writes in one protocol line: 1.0 ProtoJSON, the 0.3 JSON-RPC types
 * or the 0.3 proto JSON of the {@code /v1} HTTP+JSON routes. A binding picks one per request and
 * otherwise handles both lines the same way, so 0.3 is a translation at the edge and never a
 * second path to the tasks.
 */
enum WireFormat {
    V1(null),
    V03_JSONRPC(V03Dialect.JSONRPC),
    V03_PROTO(V03Dialect.PROTO);

    private final V03Dialect dialect;

    WireFormat(V03Dialect dialect) {
        this.dialect = dialect;
    }

    static WireFormat jsonRpc(ProtocolVersion line) {
        return line == ProtocolVersion.V0_3 ? V03_JSONRPC : V1;
    }

    static WireFormat rest(ProtocolVersion line) {
        return line == ProtocolVersion.V0_3 ? V03_PROTO : V1;
    }

    ProtocolVersion line() {
        return dialect == null ? ProtocolVersion.V1_0 : ProtocolVersion.V0_3;
    }

    SendMessageRequest sendMessage(JsonObject params) {
        return dialect == null ? RequestCodec.sendMessageRequest(params) : V03Requests.sendMessage(params, dialect);
    }

    GetTaskRequest getTask(JsonObject params) {
        return dialect == null ? RequestCodec.getTaskRequest(params) : V03Requests.getTask(params, dialect);
    }

    CancelTaskRequest cancelTask(JsonObject params) {
        return dialect == null ? RequestCodec.cancelTaskRequest(params) : V03Requests.cancelTask(params);
    }

    SubscribeToTaskRequest subscribeToTask(JsonObject params) {
        return dialect == null ? RequestCodec.subscribeToTaskRequest(params) : V03Requests.subscribeToTask(params);
    }

    JsonObject sendResult(SendMessageResult result) {
        return dialect == null ? StreamEventCodec.toSendMessageResponse(result) : Bridge.sendResult(result, dialect);
    }

    JsonObject task(Task task) {
        return dialect == null ? TaskCodec.toJson(task) : Bridge.toV03(task, dialect);
    }

    JsonObject streamEvent(StreamEvent event) {
        return dialect == null ? StreamEventCodec.toStreamResponse(event) : Bridge.streamEvent(event, dialect);
    }
}
