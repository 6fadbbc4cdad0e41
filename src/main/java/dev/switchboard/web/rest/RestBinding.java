package dev.switchboard.web.rest;

import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Binding;
import dev.switchboard.observe.Operation;
import dev.switchboard.observe.OperationCall;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.Failures;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.SseStream;
import dev.switchboard.web.binding.WireFormat;
import io.opentelemetry.context.Scope;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The HTTP+JSON binding without its HTTP plumbing, one operation per route, in both protocol
 * lines. A request is answered in the line it names with {@code A2A-Version}, else the line of
 * the mount it came through: 1.0 for the routes as they are, 0.3 under {@code /v1}. 1.0 results
 * are ProtoJSON and stream events bare StreamResponses; 0.3 results and events are the 0.3
 * proto's JSON. Errors come from {@link RestFailures}.
 */
public final class RestBinding {
    private static final List<String> LIST_PARAMETERS = List.of("contextId", "status", "statusTimestampAfter",
            "pageSize", "pageToken", "historyLength", "includeArtifacts");

    private final TaskService tasks;
    private final ExtendedCard extendedCard;
    private final ProtocolVersion mountLine;
    private final boolean serveV03;
    private final Operations operations;

    /**
     * @param mountLine the line of requests that name none: 1.0, or 0.3 under {@code /v1}
     * @param serveV03  whether 0.3 requests are answered
     */
    public RestBinding(TaskService tasks, ExtendedCard extendedCard, ProtocolVersion mountLine, boolean serveV03) {
        this(tasks, extendedCard, mountLine, serveV03, Operations.NONE);
    }

    /** @param operations where each call is reported as it ends */
    public RestBinding(TaskService tasks, ExtendedCard extendedCard, ProtocolVersion mountLine, boolean serveV03,
                       Operations operations) {
        this.tasks = tasks;
        this.extendedCard = extendedCard;
        this.mountLine = mountLine;
        this.serveV03 = serveV03;
        this.operations = operations;
    }

    /** {@code POST message:send}; the stage never fails, failures are answers too. */
    public CompletionStage<Answer> send(RestCall call) {
        OperationCall operation = begin(call, Operation.SEND_MESSAGE, null);
        WireFormat wire = WireFormat.V1;
        try (Scope traced = operation.enter()) {
            wire = wire(call);
            WireFormat line = wire;
            operation.line(line.line());
            return tasks.send(wire.sendMessage(RestRequests.body(call, false)), context(call, line))
                    .<Answer>handle((result, failure) -> {
                        if (failure != null) {
                            failed(operation, failure);
                            return RestFailures.answer(failure, call.accept(), line);
                        }
                        operation.result(result).ok();
                        return ok(line.sendResult(result), call.accept());
                    });
        } catch (RuntimeException e) {
            failed(operation, e);
            return CompletableFuture.completedFuture(RestFailures.answer(e, call.accept(), wire));
        }
    }

    /** {@code POST message:stream}. */
    public Answer stream(RestCall call) {
        OperationCall operation = begin(call, Operation.SEND_STREAMING_MESSAGE, null);
        WireFormat wire = WireFormat.V1;
        try {
            WireFormat line = wire = wire(call);
            operation.line(line.line());
            SendMessageRequest request = line.sendMessage(RestRequests.body(call, false));
            operation.task(request.message().taskId());
            return stream(call, line, sink -> tasks.stream(request, context(call, line), sink)).observedBy(operation);
        } catch (RuntimeException e) {
            failed(operation, e);
            return RestFailures.answer(e, call.accept(), wire);
        }
    }

    /** {@code GET tasks/{id}}. */
    public Answer.Body get(RestCall call, String id) {
        return answer(call, Operation.GET_TASK, id, wire -> {
            JsonObject params = RestRequests.query(call.query(), List.of("historyLength")).add("id", id).build();
            return wire.task(tasks.get(wire.getTask(params), context(call, wire)));
        });
    }

    /** {@code GET tasks}: 1.0 only. */
    public Answer.Body list(RestCall call) {
        return answer(call, Operation.LIST_TASKS, null, wire -> {
            if (wire != WireFormat.V1) {
                throw new A2AException(A2AError.METHOD_NOT_FOUND, "A2A 0.3 has no ListTasks; use A2A 1.0");
            }
            JsonObject params = RestRequests.query(call.query(), LIST_PARAMETERS).build();
            return ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), context(call, wire)));
        });
    }

    /** {@code POST tasks/{id}:cancel}. */
    public Answer.Body cancel(RestCall call, String id) {
        return answer(call, Operation.CANCEL_TASK, id, wire -> {
            JsonObject params = JsonFactory.createObjectBuilder(RestRequests.body(call, true)).add("id", id).build();
            return wire.task(tasks.cancel(wire.cancelTask(params), context(call, wire)));
        });
    }

    /**
     * {@code GET} or {@code POST tasks/{id}:subscribe}, resuming after {@code Last-Event-ID}.
     *
     * @param hasBody whether the route takes a body (POST), which must then be empty or {@code {}}
     */
    public Answer subscribe(RestCall call, String id, boolean hasBody) {
        OperationCall operation = begin(call, Operation.SUBSCRIBE_TO_TASK, id);
        WireFormat wire = WireFormat.V1;
        try {
            if (hasBody) {
                wire = mountFormat(call);
                RestRequests.body(call, true);
            }
            WireFormat line = wire = wire(call);
            operation.line(line.line());
            Long lastEventId = SseStream.lastEventId(call.lastEventId());
            JsonObject params = JsonFactory.createObjectBuilder().add("id", id).build();
            return stream(call, line, sink -> tasks.subscribe(line.subscribeToTask(params), lastEventId,
                    context(call, line), sink)).observedBy(operation);
        } catch (RuntimeException e) {
            failed(operation, e);
            return RestFailures.answer(e, call.accept(), wire);
        }
    }

    /** {@code POST tasks/{taskId}/pushNotificationConfigs}. */
    public Answer.Body createPushConfig(RestCall call, String taskId) {
        return answer(call, Operation.CREATE_PUSH_CONFIG, taskId, wire -> {
            PushConfigs push = enabledPush();
            TaskPushNotificationConfig config = wire.pushConfig(RestRequests.body(call, false), taskId);
            return wire.pushConfig(push.create(config, taskId, context(call, wire)));
        });
    }

    /** {@code GET tasks/{taskId}/pushNotificationConfigs}. */
    public Answer.Body listPushConfigs(RestCall call, String taskId) {
        return answer(call, Operation.LIST_PUSH_CONFIGS, taskId, wire -> {
            PushConfigs push = enabledPush();
            JsonObject params = RestRequests.query(call.query(), List.of("pageSize", "pageToken"))
                    .add(wire == WireFormat.V1 ? "taskId" : "id", taskId).build();
            return wire.pushConfigs(push.list(wire.pushConfigList(params), context(call, wire)));
        });
    }

    /** {@code GET tasks/{taskId}/pushNotificationConfigs/{configId}}. */
    public Answer.Body getPushConfig(RestCall call, String taskId, String configId) {
        return answer(call, Operation.GET_PUSH_CONFIG, taskId, wire -> {
            PushConfigs push = enabledPush();
            TaskPushNotificationConfigRequest request = new TaskPushNotificationConfigRequest(taskId, configId);
            return wire.pushConfig(wire.line() == ProtocolVersion.V0_3 ? push.getOrFirst(request, context(call, wire))
                    : push.get(request, context(call, wire)));
        });
    }

    /** {@code DELETE tasks/{taskId}/pushNotificationConfigs/{configId}}: {@code {}} with 200, which any client reads. */
    public Answer.Body deletePushConfig(RestCall call, String taskId, String configId) {
        return answer(call, Operation.DELETE_PUSH_CONFIG, taskId, wire -> {
            enabledPush().delete(new TaskPushNotificationConfigRequest(taskId, configId), context(call, wire));
            return JsonValue.EMPTY_JSON_OBJECT;
        });
    }

    /** {@code GET extendedAgentCard} (0.3: {@code GET card}). */
    public Answer.Body extendedCard(RestCall call) {
        return answer(call, Operation.GET_EXTENDED_AGENT_CARD, null, wire -> {
            call.extensions().forDiscovery();
            return wire.card(extendedCard.forCaller(call.caller()));
        });
    }

    private PushConfigs enabledPush() {
        PushConfigs push = tasks.push();
        push.requireEnabled();
        return push;
    }

    private Answer.Stream stream(RestCall call, WireFormat wire, Answer.Start start) {
        return new Answer.Stream(start, event -> JsonValues.bytes(wire.streamEvent(event)), null,
                failure -> RestFailures.answer(failure, call.accept(), wire));
    }

    private Answer.Body answer(RestCall call, Operation named, String taskId,
                               Function<WireFormat, JsonStructure> operation) {
        OperationCall observed = begin(call, named, taskId);
        WireFormat wire = WireFormat.V1;
        try (Scope traced = observed.enter()) {
            wire = wire(call);
            observed.line(wire.line());
            Answer.Body answer = ok(operation.apply(wire), call.accept());
            observed.ok();
            return answer;
        } catch (RuntimeException e) {
            failed(observed, e);
            return RestFailures.answer(e, call.accept(), wire);
        }
    }

    private OperationCall begin(RestCall call, Operation operation, String taskId) {
        return operations.begin(Binding.REST, call.caller().tier(), call.traceparent()).named(operation).task(taskId);
    }

    /** Ends a call as failed with the reason its answer names; a refusal of HTTP's own is an invalid request. */
    private static void failed(OperationCall operation, Throwable failure) {
        if (Failures.cause(failure) instanceof RestRequests.Refused refused) {
            operation.failed(refused.status() == 415 ? A2AError.CONTENT_TYPE_NOT_SUPPORTED.reason()
                    : A2AError.INVALID_REQUEST.reason());
        } else {
            operation.failed(failure);
        }
    }

    private static Answer.Body ok(JsonStructure json, String accept) {
        return Answer.Body.json(200, HttpNames.jsonFor(accept), JsonValues.bytes(json));
    }

    /**
     * Who calls, in which line, for which tenant, with which extensions: what the task operations
     * and the skill are given.
     *
     * @throws dev.switchboard.protocol.A2AException ExtensionSupportRequired when the call does not
     *         activate an extension the caller's card requires
     */
    private static ServerCallContext context(RestCall call, WireFormat wire) {
        return new ServerCallContext(call.caller(), wire.line(), call.tenant(), call.clientAddress(),
                call.extensions().require());
    }

    /**
     * The format of this request's line.
     *
     * @throws A2AException VersionNotSupported for a version no served line speaks (answered in 1.0)
     */
    private WireFormat wire(RestCall call) {
        return WireFormat.rest(call.requested().resolve(mountLine, serveV03));
    }

    /** The format errors take before the request's line is known: the line it names or its mount's, if served. */
    private WireFormat mountFormat(RestCall call) {
        try {
            return wire(call);
        } catch (A2AException e) {
            return WireFormat.V1;
        }
    }
}
