package dev.switchboard.web;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.jsonrpc.JsonRpcMethod;
import dev.switchboard.protocol.jsonrpc.JsonRpcRequest;
import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import dev.switchboard.security.Caller;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.filter.RequestedVersion;
import jakarta.json.JsonValue;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.function.BiFunction;
import jakarta.json.JsonString;
import jakarta.json.JsonObject;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Maps a checked JSON-RPC request to a {@link TaskService} call and writes the answer: a JSON-RPC
 * response, or an event stream whose every event is one. Decides the protocol line first: the
 * {@code A2A-Version} the request names, else the line its method name belongs to.
 */
final class JsonRpcDispatcher {
    private static final Logger LOG = Logger.getLogger(JsonRpcDispatcher.class.getName());

    private final TaskService tasks;
    private final StreamRegistry streams;
    private final Tenants tenants;
    private final BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards;
    private final boolean serveV03;

    /**
     * @param extendedCards the extended card for a caller, rendered in the given line
     * @param serveV03      whether the 0.3 method names are answered
     */
    JsonRpcDispatcher(TaskService tasks, StreamRegistry streams, Tenants tenants,
                      BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards, boolean serveV03) {
        this.tasks = tasks;
        this.streams = streams;
        this.tenants = tenants;
        this.extendedCards = extendedCards;
        this.serveV03 = serveV03;
    }

    /**
     * Answers one request, in the line it was made in: the {@code A2A-Version} it names, else the
     * line of its method name, else 0.3. A streaming method that fails before its first event gets, from a
     * client that named its protocol version, a plain JSON-RPC error, not a stream, with the HTTP
     * status of the error table (404 for an unknown task...): it learns from the status alone
     * that no event will come. A client that named no version and accepts event streams was
     * written against servers that put the error into the stream as its only event; it gets that.
     */
    void dispatch(JsonRpcRequest request, RequestedVersion requested, Caller caller, String lastEventId,
                  boolean acceptsStream, AsyncResponse response) {
        JsonValue id = request.id();
        JsonRpcMethod called = JsonRpcMethod.lineOf(request.method())
                .flatMap(line -> JsonRpcMethod.named(request.method(), line)).orElse(null);
        boolean streaming = called != null && called.isStreaming();
        try {
            ProtocolVersion line = requested.resolve(JsonRpcMethod.lineOf(request.method()).orElse(null), serveV03);
            JsonRpcMethod method = JsonRpcMethod.named(request.method(), line).orElseThrow(() -> new A2AException(
                    A2AError.METHOD_NOT_FOUND, "Method not found: " + request.method() + " (A2A " + line + ")",
                    Map.of("method", request.method())));
            WireFormat wire = WireFormat.jsonRpc(line);
            JsonObject params = request.params();
            String tenant = null;
            if (line == ProtocolVersion.V1_0) {
                tenant = params.get("tenant") instanceof JsonString named ? named.getString() : null;
                tenants.checkParameter(tenant);
            }
            ServerCallContext call = new ServerCallContext(caller, line, tenant);
            switch (method) {
                case SEND_MESSAGE -> tasks.send(wire.sendMessage(params), call)
                        .whenComplete((result, failure) -> {
                            if (failure != null) {
                                fail(id, failure, response);
                            } else {
                                answer(response, JsonRpcResponses.result(id, wire.sendResult(result)));
                            }
                        });
                case SEND_STREAMING_MESSAGE -> tasks.stream(wire.sendMessage(params), call, stream(id, response, wire));
                case GET_TASK -> answer(response, JsonRpcResponses.result(id,
                        wire.task(tasks.get(wire.getTask(params), call))));
                case LIST_TASKS -> answer(response, JsonRpcResponses.result(id,
                        ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), call))));
                case CANCEL_TASK -> answer(response, JsonRpcResponses.result(id,
                        wire.task(tasks.cancel(wire.cancelTask(params), call))));
                case SUBSCRIBE_TO_TASK -> tasks.subscribe(wire.subscribeToTask(params), lastEventId(lastEventId), call,
                        stream(id, response, wire));
                case CREATE_PUSH_CONFIG, GET_PUSH_CONFIG, LIST_PUSH_CONFIGS, DELETE_PUSH_CONFIG ->
                        answer(response, JsonRpcResponses.result(id, push(method, params, call, wire)));
                case GET_EXTENDED_AGENT_CARD -> answer(response, JsonRpcResponses.result(id,
                        extendedCards.apply(caller, line)));
                default -> throw new IllegalStateException("unhandled method " + method);
            }
        } catch (RuntimeException e) {
            A2AException error = asA2A(e);
            if (streaming && !requested.isNamed() && acceptsStream) {
                new SseStream(response, event -> new byte[0], streams).single(JsonRpcResponses.error(id, error));
                return;
            }
            Response.ResponseBuilder answer = Response.status(streaming ? error.error().httpStatus() : 200)
                    .type(MediaType.APPLICATION_JSON_TYPE).entity(JsonRpcResponses.error(id, error));
            response.resume(answer.build());
        }
    }

    /** The four push-config methods; when push is off, each answers -32003 before reading params. */
    private JsonValue push(JsonRpcMethod method, JsonObject params, ServerCallContext call, WireFormat wire) {
        PushConfigs push = tasks.push();
        push.requireEnabled();
        return switch (method) {
            case CREATE_PUSH_CONFIG -> {
                TaskPushNotificationConfig config = wire.pushConfig(params, null);
                yield wire.pushConfig(push.create(config, config.taskId(), call));
            }
            case GET_PUSH_CONFIG -> wire.pushConfig(wire.line() == ProtocolVersion.V0_3
                    ? push.getOrFirst(wire.pushConfigRequest(params), call)
                    : push.get(wire.pushConfigRequest(params), call));
            case LIST_PUSH_CONFIGS -> wire.pushConfigs(push.list(wire.pushConfigList(params), call));
            case DELETE_PUSH_CONFIG -> {
                push.delete(wire.pushConfigRequest(params), call);
                yield wire.pushConfigDeleted();
            }
            default -> throw new IllegalStateException("not a push method: " + method);
        };
    }

    private SseStream stream(JsonValue id, AsyncResponse response, WireFormat wire) {
        return new SseStream(response, event -> JsonRpcResponses.result(id, wire.streamEvent(event)),
                error -> JsonRpcResponses.error(id, error), streams);
    }

    static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            long value = Long.parseLong(header.trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw A2AException.invalidField("Last-Event-ID", "must be an event id this server sent");
    }

    private static void fail(JsonValue id, Throwable failure, AsyncResponse response) {
        answer(response, JsonRpcResponses.error(id, asA2A(failure)));
    }

    /** The error to report: an A2A error as it is, anything else as an internal error with an incident id. */
    private static A2AException asA2A(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof A2AException a2a) {
            return a2a;
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Incident " + incident, cause);
        return new A2AException(A2AError.INTERNAL_ERROR, "Internal error (incident " + incident + ")");
    }

    static void answer(AsyncResponse response, byte[] body) {
        response.resume(Response.ok(body, MediaType.APPLICATION_JSON_TYPE).build());
    }
}
