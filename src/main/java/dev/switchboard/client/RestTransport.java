package dev.switchboard.client;

import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;

/** The 1.0 HTTP+JSON binding: resource paths below the interface URL, ProtoJSON bodies, SSE of StreamResponses. */
final class RestTransport implements Transport {
    private final HttpCaller http;
    private final String base;
    private final int maxReconnects;

    /** @param tenant the interface's tenant, a path segment on every call; null for none */
    RestTransport(HttpCaller http, URI url, String tenant, int maxReconnects) {
        String root = url.toString().replaceAll("/+$", "");
        this.base = tenant == null || tenant.isEmpty() ? root : root + "/" + segment(tenant);
        this.http = http;
        this.maxReconnects = maxReconnects;
    }

    @Override
    public SendMessageResult send(SendMessageRequest request) {
        return V1Wire.INSTANCE.sendResult(http.json("POST", uri("/message:send"), V1Wire.INSTANCE.send(request)));
    }

    @Override
    public EventStream stream(SendMessageRequest request) {
        return events(http.events("POST", uri("/message:stream"), V1Wire.INSTANCE.send(request), null));
    }

    @Override
    public Task get(GetTaskRequest request) {
        String query = request.historyLength() == null ? "" : "?historyLength=" + request.historyLength();
        return V1Wire.INSTANCE.task(http.json("GET", uri("/tasks/" + segment(request.id()) + query), null));
    }

    @Override
    public ListTasksResponse list(ListTasksRequest request) {
        StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
        for (Map.Entry<String, JsonValue> field : V1Wire.INSTANCE.list(request).entrySet()) {
            if (!field.getKey().equals("tenant")) {
                String value = field.getValue() instanceof JsonString s ? s.getString() : field.getValue().toString();
                query.add(field.getKey() + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
            }
        }
        return V1Wire.INSTANCE.listResult(http.json("GET", uri("/tasks" + query), null));
    }

    @Override
    public Task cancel(CancelTaskRequest request) {
        return V1Wire.INSTANCE.task(http.json("POST", uri("/tasks/" + segment(request.id()) + ":cancel"),
                V1Wire.INSTANCE.cancel(request)));
    }

    @Override
    public EventStream subscribe(SubscribeToTaskRequest request, String lastEventId) {
        return events(open(request.id(), lastEventId));
    }

    @Override
    public JsonObject extendedCard() {
        JsonValue card = http.json("GET", uri("/extendedAgentCard"), null);
        if (card instanceof JsonObject json) {
            return json;
        }
        throw new A2AClientException("the extended card is not a JSON object");
    }

    private InputStream open(String taskId, String lastEventId) {
        return http.events("GET", uri("/tasks/" + segment(taskId) + ":subscribe"), null, lastEventId);
    }

    private EventStream events(InputStream first) {
        return new EventStream(first, this::decode, this::open, maxReconnects, http.maxBytes());
    }

    private StreamEvent decode(String data) {
        JsonValue json = HttpCaller.parse(data.getBytes(StandardCharsets.UTF_8), URI.create(base));
        if (json instanceof JsonObject object && object.containsKey("error")) {
            throw RemoteErrors.errorOrElse(json, 200, URI.create(base), "invalid error event");
        }
        return V1Wire.INSTANCE.streamEvent(json);
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
