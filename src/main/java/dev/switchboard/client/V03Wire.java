package dev.switchboard.client;

import dev.switchboard.protocol.JsonFactory;
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
import dev.switchboard.protocol.v03.Bridge;
import dev.switchboard.protocol.v03.V03Dialect;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The A2A 0.3 JSON-RPC requests and results, as a client needs them: the params of each method,
 * and results not wrapped. The shapes themselves ({@code kind}-tagged parts, lowercase states)
 * are the server's own 0.3 bridge, {@link Bridge}, so client and server read 0.3 alike.
 */
final class V03Wire implements Wire {
    static final V03Wire INSTANCE = new V03Wire();

    private V03Wire() {
    }

    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V0_3;
    }

    @Override
    public String method(JsonRpcMethod method) {
        return method.v03Name();
    }

    @Override
    public JsonObject send(SendMessageRequest request) {
        JsonObjectBuilder configuration = JsonFactory.createObjectBuilder()
                .add("blocking", !request.configuration().returnImmediately());
        if (!request.configuration().acceptedOutputModes().isEmpty()) {
            configuration.add("acceptedOutputModes", JsonFactory.createArrayBuilder(request.configuration().acceptedOutputModes()));
        }
        if (request.configuration().historyLength() != null) {
            configuration.add("historyLength", request.configuration().historyLength());
        }
        JsonObjectBuilder params = JsonFactory.createObjectBuilder().add("message",
                Bridge.toV03(request.message(), V03Dialect.JSONRPC))
                .add("configuration", configuration);
        if (request.metadata() != null) {
            params.add("metadata", request.metadata());
        }
        return params.build();
    }

    @Override
    public SendMessageResult sendResult(JsonValue result) {
        StreamEvent event = streamEvent(result);
        if (event instanceof SendMessageResult answer) {
            return answer;
        }
        throw new A2AClientException("message/send answered neither a task nor a message");
    }

    @Override
    public StreamEvent streamEvent(JsonValue event) {
        JsonObject json = object(event);
        String kind = json.get("kind") instanceof JsonString text ? text.getString() : "";
        return V1Wire.decode(() -> switch (kind) {
            case "task" -> Bridge.toV1Task(json, "result", V03Dialect.JSONRPC);
            case "message" -> Bridge.toV1Message(json, "result", V03Dialect.JSONRPC);
            case "status-update" -> Bridge.toV1StatusUpdate(json, "result", V03Dialect.JSONRPC);
            case "artifact-update" -> Bridge.toV1ArtifactUpdate(json, "result", V03Dialect.JSONRPC);
            default -> throw new A2AClientException("unknown 0.3 event kind: " + kind);
        });
    }

    @Override
    public JsonObject get(GetTaskRequest request) {
        JsonObjectBuilder params = JsonFactory.createObjectBuilder().add("id", request.id());
        if (request.historyLength() != null) {
            params.add("historyLength", request.historyLength());
        }
        return params.build();
    }

    @Override
    public JsonObject cancel(CancelTaskRequest request) {
        return JsonFactory.createObjectBuilder().add("id", request.id()).build();
    }

    @Override
    public JsonObject subscribe(SubscribeToTaskRequest request) {
        return JsonFactory.createObjectBuilder().add("id", request.id()).build();
    }

    @Override
    public JsonObject list(ListTasksRequest request) {
        throw new A2AClientException("listing tasks is not part of A2A 0.3");
    }

    @Override
    public Task task(JsonValue result) {
        return V1Wire.decode(() -> Bridge.toV1Task(object(result), "result", V03Dialect.JSONRPC));
    }

    @Override
    public ListTasksResponse listResult(JsonValue result) {
        throw new A2AClientException("listing tasks is not part of A2A 0.3");
    }

    private static JsonObject object(JsonValue value) {
        if (value instanceof JsonObject json) {
            return json;
        }
        throw new A2AClientException("the agent's answer is not a JSON object");
    }
}
