package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.a2a.v1.A2AServiceGrpc;
import com.google.a2a.v1.AgentCard;
import com.google.a2a.v1.CancelTaskRequest;
import com.google.a2a.v1.CreateTaskPushNotificationConfigRequest;
import com.google.a2a.v1.DeleteTaskPushNotificationConfigRequest;
import com.google.a2a.v1.GetAgentCardRequest;
import com.google.a2a.v1.GetTaskPushNotificationConfigRequest;
import com.google.a2a.v1.GetTaskRequest;
import com.google.a2a.v1.ListTaskPushNotificationConfigRequest;
import com.google.a2a.v1.Message;
import com.google.a2a.v1.Part;
import com.google.a2a.v1.PushNotificationConfig;
import com.google.a2a.v1.Role;
import com.google.a2a.v1.SendMessageConfiguration;
import com.google.a2a.v1.SendMessageRequest;
import com.google.a2a.v1.StreamResponse;
import com.google.a2a.v1.Task;
import com.google.a2a.v1.TaskPushNotificationConfig;
import com.google.a2a.v1.TaskState;
import com.google.a2a.v1.TaskSubscriptionRequest;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The A2A 0.3 gRPC service {@code a2a.v1.A2AService} on the real Tomcat, as a 0.3 gRPC client
 * calls it (no {@code a2a-version}, resources named {@code tasks/{id}}): every RPC, and a task
 * made in 0.3 over gRPC is the same task in 1.0 over JSON-RPC.
 */
class Grpc03IT extends OnTomcat {
    @RegisterExtension
    final GrpcChannel channel = new GrpcChannel(() -> base);
    private final String carol = "grpc03-carol-" + UUID.randomUUID();
    private final String dave = "grpc03-dave-" + UUID.randomUUID();

    private A2AServiceGrpc.A2AServiceBlockingStub as(String callerKey) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("x-switchboard-caller-key", Metadata.ASCII_STRING_MARSHALLER), callerKey);
        return A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static SendMessageRequest send(String text) {
        return SendMessageRequest.newBuilder().setRequest(Message.newBuilder().setMessageId(UUID.randomUUID().toString())
                .setRole(Role.ROLE_USER).addContent(Part.newBuilder().setText(text))
                .setMetadata(Struct.newBuilder().putFields("skill", Value.newBuilder().setStringValue("echo").build())))
                .build();
    }

    @Test
    void aSentMessageIsATaskGetReadsByItsName() {
        Task task = as(carol).sendMessage(send("hello in 0.3")).getTask();
        assertEquals(TaskState.TASK_STATE_COMPLETED, task.getStatus().getState());
        assertEquals("hello in 0.3", task.getArtifacts(0).getParts(0).getText());
        assertEquals(task.getId(), as(carol).getTask(GetTaskRequest.newBuilder().setName("tasks/" + task.getId())
                .build()).getId());
        JsonObject in10 = Callers.rpc(http, carol, "GetTask", JsonRpc.id(task.getId())).getJsonObject("result");
        assertEquals("TASK_STATE_COMPLETED", in10.getJsonObject("status").getString("state"), "the same task in 1.0");
    }

    @Test
    void errorsStartWithThe03ErrorClass() {
        StatusRuntimeException missing = assertThrows(StatusRuntimeException.class,
                () -> as(carol).getTask(GetTaskRequest.newBuilder().setName("tasks/no-such-task").build()));
        assertEquals(Status.Code.NOT_FOUND, missing.getStatus().getCode(), missing.getStatus().toString());
        assertTrue(missing.getStatus().getDescription().startsWith("TaskNotFoundError: "),
                missing.getStatus().getDescription());
        StatusRuntimeException unnamed = assertThrows(StatusRuntimeException.class,
                () -> as(carol).getTask(GetTaskRequest.newBuilder().setName("contexts/x").build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, unnamed.getStatus().getCode(), unnamed.getStatus().toString());
        Task done = as(carol).sendMessage(send("finished")).getTask();
        StatusRuntimeException notCancelable = assertThrows(StatusRuntimeException.class,
                () -> as(carol).cancelTask(CancelTaskRequest.newBuilder().setName("tasks/" + done.getId()).build()));
        assertTrue(notCancelable.getStatus().getDescription().startsWith("TaskNotCancelableError: "),
                notCancelable.getStatus().toString());
    }

    /** 0 is the 0.3 proto's "unset"; a negative length is a bad request, as on JSON-RPC and REST. */
    @Test
    void aNegativeHistoryLengthIsRefusedAndZeroIsUnset() {
        Task task = as(carol).sendMessage(send("history")).getTask();
        StatusRuntimeException negative = assertThrows(StatusRuntimeException.class, () -> as(carol).getTask(
                GetTaskRequest.newBuilder().setName("tasks/" + task.getId()).setHistoryLength(-1).build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, negative.getStatus().getCode(), negative.getStatus().toString());
        assertTrue(negative.getStatus().getDescription().contains("historyLength"), negative.getStatus().toString());
        assertEquals(task.getHistoryCount(), as(carol).getTask(GetTaskRequest.newBuilder()
                .setName("tasks/" + task.getId()).setHistoryLength(0).build()).getHistoryCount(), "0: the whole history");
    }

    @Test
    void aStreamAndASubscriptionFollowTheTask() {
        List<StreamResponse> streamed = new ArrayList<>();
        as(carol).sendStreamingMessage(send("chunks:2")).forEachRemaining(streamed::add);
        assertEquals(2, streamed.stream().filter(StreamResponse::hasArtifactUpdate).count(), streamed.toString());
        assertTrue(streamed.get(streamed.size() - 1).getStatusUpdate().getFinal());

        SendMessageRequest slow = send("slow:1500").toBuilder().setConfiguration(SendMessageConfiguration.newBuilder()
                .setBlocking(false)).build();
        Task working = as(carol).sendMessage(slow).getTask();
        assertFalse(working.getStatus().getState() == TaskState.TASK_STATE_COMPLETED, "blocking: false answers at once");
        Iterator<StreamResponse> events = as(carol).taskSubscription(TaskSubscriptionRequest.newBuilder()
                .setName("tasks/" + working.getId()).build());
        assertTrue(events.next().hasTask(), "a subscription starts with the task");
        StreamResponse last = events.next();
        while (events.hasNext()) {
            last = events.next();
        }
        assertEquals(TaskState.TASK_STATE_COMPLETED, last.getStatusUpdate().getStatus().getState(), last.toString());
        assertTrue(last.getStatusUpdate().getFinal());

        Task waiting = as(carol).sendMessage(send("input")).getTask();
        Task canceled = as(carol).cancelTask(CancelTaskRequest.newBuilder().setName("tasks/" + waiting.getId())
                .build());
        assertEquals(TaskState.TASK_STATE_CANCELLED, canceled.getStatus().getState());
    }

    @Test
    void pushConfigsByResourceNameAndOnlyTheOwners() {
        Task waiting = as(carol).sendMessage(send("input")).getTask();
        String parent = "tasks/" + waiting.getId();
        TaskPushNotificationConfig created = as(carol).createTaskPushNotificationConfig(
                CreateTaskPushNotificationConfigRequest.newBuilder().setParent(parent).setConfigId("c03")
                        .setConfig(TaskPushNotificationConfig.newBuilder().setPushNotificationConfig(
                                PushNotificationConfig.newBuilder().setId("c03").setUrl("https://hooks.example.com/grpc03")))
                        .build());
        assertEquals(parent + "/pushNotificationConfigs/c03", created.getName());
        String name = parent + "/pushNotificationConfigs/c03";
        assertEquals("https://hooks.example.com/grpc03", as(carol).getTaskPushNotificationConfig(
                GetTaskPushNotificationConfigRequest.newBuilder().setName(name).build())
                .getPushNotificationConfig().getUrl());
        assertEquals(1, as(carol).listTaskPushNotificationConfig(ListTaskPushNotificationConfigRequest.newBuilder()
                .setParent(parent).build()).getConfigsCount());
        assertThrows(StatusRuntimeException.class, () -> as(dave).getTaskPushNotificationConfig(
                GetTaskPushNotificationConfigRequest.newBuilder().setName(name).build()));
        as(carol).deleteTaskPushNotificationConfig(DeleteTaskPushNotificationConfigRequest.newBuilder().setName(name)
                .build());
        assertEquals(0, as(carol).listTaskPushNotificationConfig(ListTaskPushNotificationConfigRequest.newBuilder()
                .setParent(parent).build()).getConfigsCount());
    }

    @Test
    void theAgentCardIsThe03CardAndAKeyHoldersListsMoreSkills() {
        AgentCard card = as(carol).getAgentCard(GetAgentCardRequest.getDefaultInstance());
        assertFalse(card.getName().isEmpty());
        assertEquals("0.3.0", card.getProtocolVersion());
        Metadata operator = new Metadata();
        operator.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + Callers.OPERATOR);
        AgentCard extended = A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(MetadataUtils
                .newAttachHeadersInterceptor(operator)).getAgentCard(GetAgentCardRequest.getDefaultInstance());
        assertTrue(extended.getSkillsCount() > card.getSkillsCount(), "the operator's card lists every skill");
    }
}
