package dev.switchboard.web.rest;

import dev.switchboard.card.ExtendedCard;
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
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.SseStream;
import dev.switchboard.web.binding.WireFormat;
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

    /**
     * @param mountLine the line of requests that name none: 1.0, or 0.3 under {@code /v1}
     * @param serveV03  whether 0.3 requests are answered
     */
    public RestBinding(TaskService tasks, ExtendedCard extendedCard, ProtocolVersion mountLine, boolean serveV03) {
        this.tasks = tasks;
        this.extendedCard = extendedCard;
        this.mountLine = mountLine;
        this.serveV03 = serveV03;
    }

    /** {@code POST message:send}; the stage never fails, failures are answers too. */
    public CompletionStage<Answer> send(RestCall call) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(call);
            WireFormat line = wire;
            return tasks.send(wire.sendMessage(RestRequests.body(call, false)), context(call, line))
                    .<Answer>handle((result, failure) -> failure != null ? RestFailures.answer(failure, call.accept(), line)
                            : ok(line.sendResult(result), call.accept()));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(RestFailures.answer(e, call.accept(), wire));
        }
    }

    /** {@code POST message:stream}. */
    public Answer stream(RestCall call) {
        WireFormat wire = WireFormat.V1;
        try {
            WireFormat line = wire = wire(call);
            SendMessageRequest request = line.sendMessage(RestRequests.body(call, false));
            return stream(call, line, sink -> tasks.stream(request, context(call, line), sink));
        } catch (RuntimeException e) {
            return RestFailures.answer(e, call.accept(), wire);
        }
    }

    /** {@code GET tasks/{id}}. */
    public Answer.Body get(RestCall call, String id) {
        return answer(call, wire -> {
            JsonObject params = RestRequests.query(call.query(), List.of("historyLength")).add("id", id).build();
            return wire.task(tasks.get(wire.getTask(params), context(call, wire)));
        });
    }

    /** {@code GET tasks}: 1.0 only. */
    public Answer.Body list(RestCall call) {
        return answer(call, wire -> {
            if (wire != WireFormat.V1) {
                throw new A2AException(A2AError.METHOD_NOT_FOUND, "A2A 0.3 has no ListTasks; use A2A 1.0");
            }
            JsonObject params = RestRequests.query(call.query(), LIST_PARAMETERS).build();
            return ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), context(call, wire)));
        });
    }

    /** {@code POST tasks/{id}:cancel}. */
    public Answer.Body cancel(RestCall call, String id) {
        return answer(call, wire -> {
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
        WireFormat wire = WireFormat.V1;
        try {
            if (hasBody) {
                wire = mountFormat(call);
                RestRequests.body(call, true);
            }
            WireFormat line = wire = wire(call);
            Long lastEventId = SseStream.lastEventId(call.lastEventId());
            JsonObject params = JsonFactory.createObjectBuilder().add("id", id).build();
            return stream(call, line, sink -> tasks.subscribe(line.subscribeToTask(params), lastEventId,
                    context(call, line), sink));
        } catch (RuntimeException e) {
            return RestFailures.answer(e, call.accept(), wire);
        }
    }

    /** {@code POST tasks/{taskId}/pushNotificationConfigs}. */
    public Answer.Body createPushConfig(RestCall call, String taskId) {
        return answer(call, wire -> {
            PushConfigs push = enabledPush();
            TaskPushNotificationConfig config = wire.pushConfig(RestRequests.body(call, false), taskId);
            return wire.pushConfig(push.create(config, taskId, context(call, wire)));
        });
    }

    /** {@code GET tasks/{taskId}/pushNotificationConfigs}. */
    public Answer.Body listPushConfigs(RestCall call, String taskId) {
        return answer(call, wire -> {
            PushConfigs push = enabledPush();
            JsonObject params = RestRequests.query(call.query(), List.of("pageSize", "pageToken"))
                    .add(wire == WireFormat.V1 ? "taskId" : "id", taskId).build();
            return wire.pushConfigs(push.list(wire.pushConfigList(params), context(call, wire)));
        });
    }

    /** {@code GET tasks/{taskId}/pushNotificationConfigs/{configId}}. */
    public Answer.Body getPushConfig(RestCall call, String taskId, String configId) {
        return answer(call, wire -> {
            PushConfigs push = enabledPush();
            TaskPushNotificationConfigRequest request = new TaskPushNotificationConfigRequest(taskId, configId);
            return wire.pushConfig(wire.line() == ProtocolVersion.V0_3 ? push.getOrFirst(request, context(call, wire))
                    : push.get(request, context(call, wire)));
        });
    }

    /** {@code DELETE tasks/{taskId}/pushNotificationConfigs/{configId}}: {@code {}} with 200, which any client reads. */
    public Answer.Body deletePushConfig(RestCall call, String taskId, String configId) {
        return answer(call, wire -> {
            enabledPush().delete(new TaskPushNotificationConfigRequest(taskId, configId), context(call, wire));
            return JsonValue.EMPTY_JSON_OBJECT;
        });
    }

    /** {@code GET extendedAgentCard} (0.3: {@code GET card}). */
    public Answer.Body extendedCard(RestCall call) {
        return answer(call, wire -> {
            call.extensions().forDiscovery();
            return wire.card(extendedCard.forCaller(call.caller()));
        });
    }

    private PushConfigs enabledPush() {
        PushConfigs push = tasks.push();
        push.requireEnabled();
        return push;
    }

    private Answer stream(RestCall call, WireFormat wire, Answer.Start start) {
        return new Answer.Stream(start, event -> JsonValues.bytes(wire.streamEvent(event)), null,
                failure -> RestFailures.answer(failure, call.accept(), wire));
    }

    private Answer.Body answer(RestCall call, Function<WireFormat, JsonStructure> operation) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(call);
            return ok(operation.apply(wire), call.accept());
        } catch (RuntimeException e) {
            return RestFailures.answer(e, call.accept(), wire);
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
