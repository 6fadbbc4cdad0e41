package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The gRPC operations' log lines and spans name the task their request or answer is about, in both protos. */
class GrpcTaskIdsTest {
    @Test
    void v1RequestsNameTheirTaskByIdOrTaskId() {
        assertEquals("t1", GrpcTaskIds.named(com.google.lf.a2a.v1.GetTaskRequest.newBuilder().setId("t1").build()));
        assertEquals("t2", GrpcTaskIds.named(com.google.lf.a2a.v1.GetTaskPushNotificationConfigRequest.newBuilder()
                .setTaskId("t2").setId("config-1").build()));
        assertEquals("t3", GrpcTaskIds.named(com.google.lf.a2a.v1.SendMessageRequest.newBuilder()
                .setMessage(com.google.lf.a2a.v1.Message.newBuilder().setTaskId("t3")).build()));
        assertNull(GrpcTaskIds.named(com.google.lf.a2a.v1.SendMessageRequest.newBuilder()
                .setMessage(com.google.lf.a2a.v1.Message.newBuilder().setMessageId("m")).build()));
        assertNull(GrpcTaskIds.named(com.google.lf.a2a.v1.ListTasksRequest.newBuilder().build()));
    }

    @Test
    void v03RequestsNameTheirTaskByResourceName() {
        assertEquals("t4", GrpcTaskIds.named(com.google.a2a.v1.GetTaskRequest.newBuilder().setName("tasks/t4").build()));
        assertEquals("t5", GrpcTaskIds.named(com.google.a2a.v1.GetTaskPushNotificationConfigRequest.newBuilder()
                .setName("tasks/t5/pushNotificationConfigs/c").build()));
        assertEquals("t6", GrpcTaskIds.named(com.google.a2a.v1.SendMessageRequest.newBuilder()
                .setRequest(com.google.a2a.v1.Message.newBuilder().setTaskId("t6")).build()));
        assertNull(GrpcTaskIds.named(com.google.a2a.v1.GetTaskRequest.newBuilder().setName("other/t4").build()));
    }

    @Test
    void aSendAnswerNamesItsTaskAndContext() {
        assertArrayEquals(new String[] {"t7", "c7"}, GrpcTaskIds.ofAnswer(com.google.lf.a2a.v1.SendMessageResponse
                .newBuilder().setTask(com.google.lf.a2a.v1.Task.newBuilder().setId("t7").setContextId("c7")).build()));
        assertArrayEquals(new String[] {null, "c8"}, GrpcTaskIds.ofAnswer(com.google.lf.a2a.v1.SendMessageResponse
                .newBuilder().setMessage(com.google.lf.a2a.v1.Message.newBuilder().setContextId("c8")).build()));
        assertArrayEquals(new String[] {"t9", "c9"}, GrpcTaskIds.ofAnswer(com.google.a2a.v1.SendMessageResponse
                .newBuilder().setTask(com.google.a2a.v1.Task.newBuilder().setId("t9").setContextId("c9")).build()));
    }
}
