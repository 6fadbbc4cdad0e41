package dev.switchboard.client;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.json.RequestCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import dev.switchboard.protocol.jsonrpc.JsonRpcMethod;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.function.Supplier;

/** The 1.0 ProtoJSON shapes, through the same codecs the server uses. */
final class V1Wire implements Wire {
    static final V1Wire INSTANCE = new V1Wire();

    private V1Wire() {
    }

    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V1_0;
    }

    @Override
    public String method(JsonRpcMethod method) {
        return method.v1Name();
    }

    @Override
    public JsonObject send(SendMessageRequest request) {
        return RequestCodec.toJson(request);
    }

    @Override
    public SendMessageResult sendResult(JsonValue result) {
        return decode(() -> StreamEventCodec.fromSendMessageResponse(result, ""));
    }

    @Override
    public StreamEvent streamEvent(JsonValue event) {
        return decode(() -> StreamEventCodec.fromStreamResponse(event, ""));
    }

    @Override
    public JsonObject get(GetTaskRequest request) {
        return RequestCodec.toJson(request);
    }

    @Override
    public JsonObject cancel(CancelTaskRequest request) {
        return RequestCodec.toJson(request);
    }

    @Override
    public JsonObject subscribe(SubscribeToTaskRequest request) {
        return RequestCodec.toJson(request);
    }

    @Override
    public JsonObject list(ListTasksRequest request) {
        return ListTasksCodec.toJson(request);
    }

    @Override
    public Task task(JsonValue result) {
        return decode(() -> TaskCodec.fromJson(result, ""));
    }

    @Override
    public ListTasksResponse listResult(JsonValue result) {
        return decode(() -> ListTasksCodec.response(result, ""));
    }

    /** A malformed answer is the agent's fault, not the caller's: it surfaces as a client exception. */
    static <T> T decode(Supplier<T> decoder) {
        try {
            return decoder.get();
        } catch (A2AException e) {
            throw new A2AClientException("the agent's answer is not valid A2A: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new A2AClientException("the agent's answer could not be read: " + e.getMessage(), e);
        }
    }
}
