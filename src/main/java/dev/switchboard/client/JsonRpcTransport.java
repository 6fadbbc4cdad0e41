package dev.switchboard.client;

import dev.switchboard.protocol.JsonFactory;
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
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/** JSON-RPC 2.0 over HTTP POST, in the line its {@link Wire} speaks; streams as SSE of JSON-RPC responses. */
final class JsonRpcTransport implements Transport {
    private final HttpCaller http;
    private final URI url;
    private final Wire wire;
    private final int maxReconnects;
    private final AtomicLong ids = new AtomicLong();

    JsonRpcTransport(HttpCaller http, URI url, Wire wire, int maxReconnects) {
        this.http = http;
        this.url = url;
        this.wire = wire;
        this.maxReconnects = maxReconnects;
    }

    @Override
    public SendMessageResult send(SendMessageRequest request) {
        return wire.sendResult(call(JsonRpcMethod.SEND_MESSAGE, wire.send(request)));
    }

    @Override
    public EventStream stream(SendMessageRequest request) {
        InputStream first = http.events("POST", url, envelope(JsonRpcMethod.SEND_STREAMING_MESSAGE, wire.send(request)),
                null);
        return events(first);
    }

    @Override
    public Task get(GetTaskRequest request) {
        return wire.task(call(JsonRpcMethod.GET_TASK, wire.get(request)));
    }

    @Override
    public ListTasksResponse list(ListTasksRequest request) {
        return wire.listResult(call(JsonRpcMethod.LIST_TASKS, wire.list(request)));
    }

    @Override
    public Task cancel(CancelTaskRequest request) {
        return wire.task(call(JsonRpcMethod.CANCEL_TASK, wire.cancel(request)));
    }

    @Override
    public EventStream subscribe(SubscribeToTaskRequest request, String lastEventId) {
        return events(open(request, lastEventId));
    }

    @Override
    public JsonObject extendedCard() {
        JsonValue card = call(JsonRpcMethod.GET_EXTENDED_AGENT_CARD, JsonValue.EMPTY_JSON_OBJECT);
        if (card instanceof JsonObject json) {
            return json;
        }
        throw new A2AClientException("the extended card is not a JSON object");
    }

    private InputStream open(SubscribeToTaskRequest request, String lastEventId) {
        return http.events("POST", url, envelope(JsonRpcMethod.SUBSCRIBE_TO_TASK, wire.subscribe(request)), lastEventId);
    }

    private EventStream events(InputStream first) {
        return new EventStream(first, this::decode,
                (taskId, lastEventId) -> open(new SubscribeToTaskRequest(null, taskId), lastEventId), maxReconnects,
                http.maxBytes());
    }

    private StreamEvent decode(String data) {
        JsonValue response = HttpCaller.parse(data.getBytes(StandardCharsets.UTF_8), url);
        return wire.streamEvent(result(response));
    }

    private JsonValue call(JsonRpcMethod method, JsonObject params) {
        return result(http.json("POST", url, envelope(method, params)));
    }

    private JsonObject envelope(JsonRpcMethod method, JsonObject params) {
        String name = wire.method(method);
        if (name == null) {
            throw new A2AClientException(method.v1Name() + " is not part of A2A " + wire.version().label());
        }
        return JsonFactory.createObjectBuilder().add("jsonrpc", "2.0").add("id", ids.incrementAndGet())
                .add("method", name).add("params", params).build();
    }

    private JsonValue result(JsonValue response) {
        if (response instanceof JsonObject json) {
            if (json.containsKey("error")) {
                throw RemoteErrors.errorOrElse(json, 200, url, "invalid JSON-RPC error");
            }
            if (json.containsKey("result")) {
                return json.get("result");
            }
        }
        throw new A2AClientException("the answer from " + url + " is not a JSON-RPC response");
    }
}
