package dev.switchboard.web.grpc;

import com.google.a2a.v1.A2AServiceGrpc;
import com.google.a2a.v1.AgentCard;
import com.google.a2a.v1.CancelTaskRequest;
import com.google.a2a.v1.CreateTaskPushNotificationConfigRequest;
import com.google.a2a.v1.DeleteTaskPushNotificationConfigRequest;
import com.google.a2a.v1.GetAgentCardRequest;
import com.google.a2a.v1.GetTaskPushNotificationConfigRequest;
import com.google.a2a.v1.GetTaskRequest;
import com.google.a2a.v1.ListTaskPushNotificationConfigRequest;
import com.google.a2a.v1.ListTaskPushNotificationConfigResponse;
import com.google.a2a.v1.SendMessageRequest;
import com.google.a2a.v1.SendMessageResponse;
import com.google.a2a.v1.StreamResponse;
import com.google.a2a.v1.Task;
import com.google.a2a.v1.TaskPushNotificationConfig;
import com.google.a2a.v1.TaskSubscriptionRequest;
import com.google.protobuf.Empty;
import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.StreamRegistry;
import dev.switchboard.web.binding.Tenants;
import dev.switchboard.web.binding.WireFormat;
import io.grpc.stub.StreamObserver;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * {@code a2a.v1.A2AService}, A2A 0.3 over gRPC: the 0.3 proto's JSON is what the 0.3 HTTP+JSON
 * routes read and write, so each RPC goes through the same bridge to the one internal model.
 * Resources are named as the 0.3 proto names them: {@code tasks/{id}} and
 * {@code tasks/{id}/pushNotificationConfigs/{configId}}.
 */
final class A2AServiceV03 implements A2AServiceGrpc.AsyncService {
    private static final WireFormat WIRE = WireFormat.V03_PROTO;
    private static final String TASKS = "tasks/";
    private static final String CONFIGS = "/pushNotificationConfigs/";

    private final TaskService tasks;
    private final ExtendedCard extendedCard;
    private final GrpcCalls calls;

    A2AServiceV03(TaskService tasks, ExtendedCard extendedCard, Tenants tenants, Operations operations,
                  StreamRegistry streams) {
        this.tasks = tasks;
        this.extendedCard = extendedCard;
        this.calls = new GrpcCalls(ProtocolVersion.V0_3, tenants, true, operations, streams);
    }

    @Override
    public void sendMessage(SendMessageRequest request, StreamObserver<SendMessageResponse> observer) {
        calls.later(request, observer, () -> tasks.send(WIRE.sendMessage(json(request)), calls.context(null))
                .thenApply(result -> ProtoJsonBridge.message(WIRE.sendResult(result),
                        SendMessageResponse.newBuilder())));
    }

    @Override
    public void sendStreamingMessage(SendMessageRequest request, StreamObserver<StreamResponse> observer) {
        GrpcEventSink<StreamResponse> sink = sink(observer);
        calls.stream(request, sink, () -> tasks.stream(WIRE.sendMessage(json(request)), calls.context(null), sink));
    }

    /**
     * A send as JSON, {@code blocking} included when the client sent a configuration: proto3 JSON
     * leaves a false bool out, and a missing {@code blocking} means a blocking send here.
     */
    private static JsonObject json(SendMessageRequest request) {
        JsonObject json = ProtoJsonBridge.json(request);
        if (!request.hasConfiguration()) {
            return json;
        }
        JsonObject configuration = json.getJsonObject("configuration");
        return JsonFactory.createObjectBuilder(json).add("configuration", JsonFactory.createObjectBuilder(configuration)
                .add("blocking", request.getConfiguration().getBlocking())).build();
    }

    @Override
    public void getTask(GetTaskRequest request, StreamObserver<Task> observer) {
        calls.unary(request, observer, () -> {
            JsonObjectBuilder params = JsonFactory.createObjectBuilder().add("id", taskId(request.getName()));
            if (request.getHistoryLength() != 0) { // 0 is unset in the 0.3 proto; a negative one is refused
                params.add("historyLength", request.getHistoryLength());
            }
            return task(tasks.get(WIRE.getTask(params.build()), calls.context(null)));
        });
    }

    @Override
    public void cancelTask(CancelTaskRequest request, StreamObserver<Task> observer) {
        calls.unary(request, observer, () -> task(tasks.cancel(WIRE.cancelTask(id(request.getName())), calls.context(null))));
    }

    @Override
    public void taskSubscription(TaskSubscriptionRequest request, StreamObserver<StreamResponse> observer) {
        GrpcEventSink<StreamResponse> sink = sink(observer);
        calls.stream(request, sink, () -> tasks.subscribe(WIRE.subscribeToTask(id(request.getName())), null,
                calls.context(null), sink));
    }

    @Override
    public void createTaskPushNotificationConfig(CreateTaskPushNotificationConfigRequest request,
                                                 StreamObserver<TaskPushNotificationConfig> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(null);
            dev.switchboard.task.PushConfigs push = push();
            dev.switchboard.protocol.TaskPushNotificationConfig config = WIRE.pushConfig(
                    ProtoJsonBridge.json(request), taskId(request.getParent()));
            return pushConfig(WIRE.pushConfig(push.create(config, config.taskId(), call)));
        });
    }

    @Override
    public void getTaskPushNotificationConfig(GetTaskPushNotificationConfigRequest request,
                                              StreamObserver<TaskPushNotificationConfig> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(null);
            return pushConfig(WIRE.pushConfig(push().getOrFirst(configRequest(request.getName()), call)));
        });
    }

    @Override
    public void listTaskPushNotificationConfig(ListTaskPushNotificationConfigRequest request,
                                               StreamObserver<ListTaskPushNotificationConfigResponse> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(null);
            return ProtoJsonBridge.message(WIRE.pushConfigs(push().list(WIRE.pushConfigList(
                    id(request.getParent())), call)), ListTaskPushNotificationConfigResponse.newBuilder());
        });
    }

    @Override
    public void deleteTaskPushNotificationConfig(DeleteTaskPushNotificationConfigRequest request,
                                                 StreamObserver<Empty> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(null);
            push().delete(configRequest(request.getName()), call);
            return Empty.getDefaultInstance();
        });
    }

    @Override
    public void getAgentCard(GetAgentCardRequest request, StreamObserver<AgentCard> observer) {
        calls.unary(request, observer, () -> ProtoJsonBridge.message(WIRE.card(extendedCard.asSeenBy(
                calls.discoveryContext(null).caller())), AgentCard.newBuilder()));
    }

    private dev.switchboard.task.PushConfigs push() {
        dev.switchboard.task.PushConfigs push = tasks.push();
        push.requireEnabled();
        return push;
    }

    private GrpcEventSink<StreamResponse> sink(StreamObserver<StreamResponse> observer) {
        return new GrpcEventSink<>(observer, event -> ProtoJsonBridge.message(WIRE.streamEvent(event),
                StreamResponse.newBuilder()), true);
    }

    private static Task task(dev.switchboard.protocol.Task task) {
        return ProtoJsonBridge.message(WIRE.task(task), Task.newBuilder());
    }

    private static TaskPushNotificationConfig pushConfig(JsonObject json) {
        return ProtoJsonBridge.message(json, TaskPushNotificationConfig.newBuilder());
    }

    private static JsonObject id(String name) {
        return JsonFactory.createObjectBuilder().add("id", taskId(name)).build();
    }

    /** The task a resource name {@code tasks/{id}[/...]} names. */
    static String taskId(String name) {
        if (name == null || !name.startsWith(TASKS) || name.length() == TASKS.length()) {
            throw A2AException.invalidField("name", "must name a task: tasks/{id}");
        }
        int end = name.indexOf('/', TASKS.length());
        return name.substring(TASKS.length(), end < 0 ? name.length() : end);
    }

    /** The config {@code tasks/{id}/pushNotificationConfigs/{configId}} names; without one, the task's own. */
    private static TaskPushNotificationConfigRequest configRequest(String name) {
        String taskId = taskId(name);
        int at = name.indexOf(CONFIGS);
        String configId = at < 0 ? taskId : name.substring(at + CONFIGS.length());
        return new TaskPushNotificationConfigRequest(taskId, configId.isEmpty() ? taskId : configId);
    }
}
