package dev.switchboard.web.jsonrpc;

import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Binding;
import dev.switchboard.observe.Operation;
import dev.switchboard.observe.OperationCall;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.jsonrpc.JsonRpcEnvelope;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.protocol.jsonrpc.JsonRpcMethod;
import dev.switchboard.protocol.jsonrpc.JsonRpcRequest;
import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.ContentCodings;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import dev.switchboard.web.binding.SseStream;
import dev.switchboard.web.binding.TaskIds;
import dev.switchboard.web.binding.Tenants;
import dev.switchboard.web.binding.WireFormat;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import io.opentelemetry.context.Scope;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The JSON-RPC binding without its HTTP plumbing: reads one call (media type, coding, body,
 * envelope), maps it to a {@link TaskService} operation and returns the answer, a JSON-RPC
 * response or an event stream whose every event is one. Decides the protocol line first: the
 * {@code A2A-Version} the request names, else the line its method name belongs to; then refuses a
 * call that does not activate an extension the caller's card requires.
 */
public final class JsonRpcDispatcher {
    private final TaskService tasks;
    private final Tenants tenants;
    private final ExtendedCard extendedCard;
    private final boolean serveV03;
    private final Operations operations;

    /** @param serveV03 whether the 0.3 method names are answered */
    public JsonRpcDispatcher(TaskService tasks, Tenants tenants, ExtendedCard extendedCard, boolean serveV03) {
        this(tasks, tenants, extendedCard, serveV03, Operations.NONE);
    }

    /** @param operations where each call is reported as it ends */
    public JsonRpcDispatcher(TaskService tasks, Tenants tenants, ExtendedCard extendedCard, boolean serveV03,
                             Operations operations) {
        this.tasks = tasks;
        this.tenants = tenants;
        this.extendedCard = extendedCard;
        this.serveV03 = serveV03;
        this.operations = operations;
    }

    /** The answer to one call; the stage never fails, failures are answers too. */
    public CompletionStage<Answer> answer(JsonRpcCall call) {
        OperationCall operation = operations.begin(Binding.JSONRPC, call.caller().tier(), call.traceparent());
        if (!ContentCodings.isIdentity(call.contentEncoding())) {
            return refused(operation, A2AError.CONTENT_TYPE_NOT_SUPPORTED, JsonRpcFailures.beforeEnvelope(415,
                    A2AError.CONTENT_TYPE_NOT_SUPPORTED, ContentCodings.refusal(call.contentEncoding()))
                    .withHeader(HttpNames.ACCEPT_ENCODING, ContentCodings.ACCEPTED));
        }
        if (!HttpNames.isJson(call.contentType())) {
            return refused(operation, A2AError.CONTENT_TYPE_NOT_SUPPORTED, JsonRpcFailures.beforeEnvelope(415,
                    A2AError.CONTENT_TYPE_NOT_SUPPORTED, "Content-Type must be application/json or application/a2a+json"));
        }
        byte[] bytes;
        try {
            bytes = call.body().readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            return refused(operation, A2AError.INVALID_REQUEST,
                    JsonRpcFailures.beforeEnvelope(413, A2AError.INVALID_REQUEST, e.getMessage()));
        } catch (IOException e) {
            return refused(operation, A2AError.PARSE_ERROR,
                    JsonRpcFailures.beforeEnvelope(400, A2AError.PARSE_ERROR, "The request body could not be read"));
        }
        JsonRpcRequest request;
        try {
            request = JsonRpcEnvelope.parse(bytes);
        } catch (JsonRpcException e) {
            operation.failed(e);
            return done(JsonRpcFailures.envelope(e));
        }
        try (Scope traced = operation.enter()) {
            return dispatch(request, call, operation);
        }
    }

    private static CompletionStage<Answer> refused(OperationCall operation, A2AError error, Answer.Body answer) {
        operation.failed(error.reason());
        return done(answer);
    }

    private CompletionStage<Answer> dispatch(JsonRpcRequest request, JsonRpcCall call, OperationCall operation) {
        JsonValue id = request.id();
        JsonRpcMethod called = JsonRpcMethod.lineOf(request.method())
                .flatMap(line -> JsonRpcMethod.named(request.method(), line)).orElse(null);
        boolean streaming = called != null && called.isStreaming();
        if (called != null) {
            operation.named(Operation.valueOf(called.name()));
        }
        try {
            ProtocolVersion line = call.requested().resolve(JsonRpcMethod.lineOf(request.method()).orElse(null),
                    serveV03);
            operation.line(line);
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
            // the extended card is discovery, which requires no extension; every other method does
            ServerCallContext context = new ServerCallContext(call.caller(), line, tenant, call.clientAddress(),
                    method == JsonRpcMethod.GET_EXTENDED_AGENT_CARD ? call.extensions().forDiscovery()
                            : call.extensions().require());
            operation.named(Operation.valueOf(method.name())).task(TaskIds.named(params));
            CompletionStage<Answer> answer = switch (method) {
                case SEND_MESSAGE -> tasks.send(wire.sendMessage(params), context)
                        .<Answer>handle((result, failure) -> {
                            if (failure != null) {
                                operation.failed(failure);
                                return JsonRpcFailures.call(id, failure);
                            }
                            operation.result(result).ok();
                            return result(id, wire.sendResult(result));
                        });
                case SEND_STREAMING_MESSAGE -> stream(id, wire, call, operation,
                        sink -> tasks.stream(wire.sendMessage(params), context, sink));
                case GET_TASK -> done(result(id, wire.task(tasks.get(wire.getTask(params), context))));
                case LIST_TASKS -> done(result(id,
                        ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), context))));
                case CANCEL_TASK -> done(result(id, wire.task(tasks.cancel(wire.cancelTask(params), context))));
                case SUBSCRIBE_TO_TASK -> {
                    Long lastEventId = SseStream.lastEventId(call.lastEventId());
                    yield stream(id, wire, call, operation,
                            sink -> tasks.subscribe(wire.subscribeToTask(params), lastEventId, context, sink));
                }
                case CREATE_PUSH_CONFIG, GET_PUSH_CONFIG, LIST_PUSH_CONFIGS, DELETE_PUSH_CONFIG ->
                        done(result(id, push(method, params, context, wire)));
                case GET_EXTENDED_AGENT_CARD -> done(result(id, wire.card(extendedCard.forCaller(call.caller()))));
            };
            // a send and a stream end when their task answers or their stream is taken on
            if (method != JsonRpcMethod.SEND_MESSAGE && !method.isStreaming()) {
                operation.ok();
            }
            return answer;
        } catch (RuntimeException e) {
            operation.failed(e);
            return done(streaming ? refused(id, e, call) : JsonRpcFailures.call(id, e));
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

    private static CompletionStage<Answer> stream(JsonValue id, WireFormat wire, JsonRpcCall call,
                                                  OperationCall operation, Answer.Start start) {
        return done(new Answer.Stream(start, event -> JsonRpcResponses.result(id, wire.streamEvent(event)),
                error -> JsonRpcResponses.error(id, error), failure -> refused(id, failure, call))
                .observedBy(operation));
    }

    private static Answer refused(JsonValue id, Throwable failure, JsonRpcCall call) {
        return JsonRpcFailures.streamRefused(id, failure,
                !call.requested().isNamed() && HttpNames.acceptsEventStream(call.accept()));
    }

    private static Answer.Body result(JsonValue id, JsonValue result) {
        return Answer.Body.json(200, HttpNames.JSON, JsonRpcResponses.result(id, result));
    }

    private static CompletionStage<Answer> done(Answer answer) {
        return CompletableFuture.completedFuture(answer);
    }
}
