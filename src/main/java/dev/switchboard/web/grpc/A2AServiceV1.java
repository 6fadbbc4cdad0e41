package dev.switchboard.web.grpc;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.AgentCard;
import com.google.lf.a2a.v1.CancelTaskRequest;
import com.google.lf.a2a.v1.DeleteTaskPushNotificationConfigRequest;
import com.google.lf.a2a.v1.GetExtendedAgentCardRequest;
import com.google.lf.a2a.v1.GetTaskPushNotificationConfigRequest;
import com.google.lf.a2a.v1.GetTaskRequest;
import com.google.lf.a2a.v1.ListTaskPushNotificationConfigsRequest;
import com.google.lf.a2a.v1.ListTaskPushNotificationConfigsResponse;
import com.google.lf.a2a.v1.ListTasksRequest;
import com.google.lf.a2a.v1.ListTasksResponse;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.lf.a2a.v1.SubscribeToTaskRequest;
import com.google.lf.a2a.v1.Task;
import com.google.lf.a2a.v1.TaskPushNotificationConfig;
import com.google.protobuf.Empty;
import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.StreamRegistry;
import dev.switchboard.web.binding.Tenants;
import dev.switchboard.web.binding.WireFormat;
import io.grpc.stub.StreamObserver;
import jakarta.json.JsonObject;

/**
 * {@code lf.a2a.v1.A2AService}, A2A 1.0 over gRPC: each RPC reads its request into the internal
 * model, calls the task service as the JSON-RPC and HTTP+JSON bindings do, and answers in the
 * service's messages; streams carry one StreamResponse per event and end when the task's stream
 * ends. The task RPCs map the proto messages to the model directly ({@link V1Requests},
 * {@link V1Results}): they are every call's path, and a detour through ProtoJSON text cost about
 * a tenth of a call. The rarer push-config, list-filter and card messages go through their
 * ProtoJSON codecs, which hold their checks.
 */
final class A2AServiceV1 implements A2AServiceGrpc.AsyncService {
    private static final WireFormat WIRE = WireFormat.V1;

    private final TaskService tasks;
    private final ExtendedCard extendedCard;
    private final GrpcCalls calls;

    A2AServiceV1(TaskService tasks, ExtendedCard extendedCard, Tenants tenants, boolean serveV03,
                 Operations operations, StreamRegistry streams) {
        this.tasks = tasks;
        this.extendedCard = extendedCard;
        this.calls = new GrpcCalls(ProtocolVersion.V1_0, tenants, serveV03, operations, streams);
    }

    @Override
    public void sendMessage(SendMessageRequest request, StreamObserver<SendMessageResponse> observer) {
        calls.later(request, observer, () -> {
            ServerCallContext call = calls.context(request.getTenant());
            return tasks.send(V1Requests.sendMessage(request), call).thenApply(V1Results::sendResult);
        });
    }

    @Override
    public void sendStreamingMessage(SendMessageRequest request, StreamObserver<StreamResponse> observer) {
        GrpcEventSink<StreamResponse> sink = sink(observer);
        calls.stream(request, sink, () -> tasks.stream(V1Requests.sendMessage(request),
                calls.context(request.getTenant()), sink));
    }

    @Override
    public void getTask(GetTaskRequest request, StreamObserver<Task> observer) {
        calls.unary(request, observer, () -> V1Results.task(tasks.get(V1Requests.getTask(request),
                calls.context(request.getTenant()))));
    }

    @Override
    public void listTasks(ListTasksRequest request, StreamObserver<ListTasksResponse> observer) {
        calls.unary(request, observer, () -> V1Results.listTasks(tasks.list(
                ListTasksCodec.request(ProtoJsonBridge.json(request)), calls.context(request.getTenant()))));
    }

    @Override
    public void cancelTask(CancelTaskRequest request, StreamObserver<Task> observer) {
        calls.unary(request, observer, () -> V1Results.task(tasks.cancel(V1Requests.cancelTask(request),
                calls.context(request.getTenant()))));
    }

    @Override
    public void subscribeToTask(SubscribeToTaskRequest request, StreamObserver<StreamResponse> observer) {
        GrpcEventSink<StreamResponse> sink = sink(observer);
        calls.stream(request, sink, () -> tasks.subscribe(V1Requests.subscribeToTask(request), null,
                calls.context(request.getTenant()), sink));
    }

    @Override
    public void createTaskPushNotificationConfig(TaskPushNotificationConfig request,
                                                 StreamObserver<TaskPushNotificationConfig> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(request.getTenant());
            PushConfigs push = push();
            dev.switchboard.protocol.TaskPushNotificationConfig config = WIRE.pushConfig(
                    ProtoJsonBridge.json(request), null);
            return pushConfig(WIRE.pushConfig(push.create(config, config.taskId(), call)));
        });
    }

    @Override
    public void getTaskPushNotificationConfig(GetTaskPushNotificationConfigRequest request,
                                              StreamObserver<TaskPushNotificationConfig> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(request.getTenant());
            return pushConfig(WIRE.pushConfig(push().get(WIRE.pushConfigRequest(ProtoJsonBridge.json(request)),
                    call)));
        });
    }

    @Override
    public void listTaskPushNotificationConfigs(ListTaskPushNotificationConfigsRequest request,
                                                StreamObserver<ListTaskPushNotificationConfigsResponse> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(request.getTenant());
            return ProtoJsonBridge.message(WIRE.pushConfigs(push().list(WIRE.pushConfigList(
                    ProtoJsonBridge.json(request)), call)), ListTaskPushNotificationConfigsResponse.newBuilder());
        });
    }

    @Override
    public void deleteTaskPushNotificationConfig(DeleteTaskPushNotificationConfigRequest request,
                                                 StreamObserver<Empty> observer) {
        calls.unary(request, observer, () -> {
            ServerCallContext call = calls.context(request.getTenant());
            push().delete(WIRE.pushConfigRequest(ProtoJsonBridge.json(request)), call);
            return Empty.getDefaultInstance();
        });
    }

    @Override
    public void getExtendedAgentCard(GetExtendedAgentCardRequest request, StreamObserver<AgentCard> observer) {
        calls.unary(request, observer, () -> ProtoJsonBridge.message(WIRE.card(extendedCard.forCaller(
                calls.discoveryContext(request.getTenant()).caller())), AgentCard.newBuilder()));
    }

    /** The push-config operations answer PushNotificationNotSupported first when push is off. */
    private PushConfigs push() {
        PushConfigs push = tasks.push();
        push.requireEnabled();
        return push;
    }

    private GrpcEventSink<StreamResponse> sink(StreamObserver<StreamResponse> observer) {
        return new GrpcEventSink<>(observer, V1Results::streamEvent, false);
    }

    private static TaskPushNotificationConfig pushConfig(JsonObject json) {
        return ProtoJsonBridge.message(json, TaskPushNotificationConfig.newBuilder());
    }
}
