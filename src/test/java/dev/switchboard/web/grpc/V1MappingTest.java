package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.lf.a2a.v1.Message;
import com.google.lf.a2a.v1.Part;
import com.google.lf.a2a.v1.Role;
import com.google.lf.a2a.v1.SendMessageConfiguration;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.protobuf.ByteString;
import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.json.RequestCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import dev.switchboard.protocol.request.ListTasksResponse;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The 1.0 service maps its task messages to the model directly; the JSON bindings go through the
 * ProtoJSON codecs. Both must give the same model and the same messages, and refuse the same bad
 * requests naming the same field, or a task would read differently over gRPC.
 */
class V1MappingTest {
    private static final JsonObject METADATA = JsonFactory.createReader(new StringReader(
            "{\"n\":1.5,\"whole\":3,\"s\":\"x\",\"b\":true,\"nil\":null,\"list\":[1,\"two\",{\"deep\":[false]}],"
                    + "\"o\":{}}")).readObject();

    @Test
    void aSendReadsAsTheJsonCodecReadsIt() {
        for (SendMessageRequest request : List.of(send(message("m1")),
                SendMessageRequest.newBuilder().setTenant("acme").setMessage(message("m2").toBuilder()
                        .setContextId("c").setTaskId("t").addExtensions("urn:x").addReferenceTaskIds("r")
                        .setMetadata(struct()).addParts(Part.newBuilder().setRaw(ByteString.copyFromUtf8("bytes"))
                                .setMediaType("application/octet-stream").setFilename("b.bin"))
                        .addParts(Part.newBuilder().setUrl("https://example.com/f").setMetadata(struct()))
                        .addParts(Part.newBuilder().setData(Value.newBuilder().setStructValue(struct())))
                        .addParts(Part.newBuilder().setData(Value.newBuilder().setNullValue(NullValue.NULL_VALUE)))
                        .addParts(Part.newBuilder().setText("")))
                        .setConfiguration(SendMessageConfiguration.newBuilder().addAcceptedOutputModes("text/plain")
                                .setHistoryLength(0).setReturnImmediately(true))
                        .setMetadata(struct()).build(),
                send(message("m3")).toBuilder().setConfiguration(SendMessageConfiguration.newBuilder()
                        .setTaskPushNotificationConfig(com.google.lf.a2a.v1.TaskPushNotificationConfig.newBuilder()
                                .setUrl("https://hooks.example.com/a").setToken("tok"))).build())) {
            assertEquals(RequestCodec.sendMessageRequest(ProtoJsonBridge.json(request)),
                    V1Requests.sendMessage(request), request.toString());
        }
    }

    @Test
    void aBadSendIsRefusedNamingTheFieldTheJsonCodecNames() {
        Message valid = message("m");
        for (SendMessageRequest request : List.of(SendMessageRequest.getDefaultInstance(),
                send(valid.toBuilder().setMessageId("").build()),
                send(valid.toBuilder().setRole(Role.ROLE_UNSPECIFIED).build()),
                send(valid.toBuilder().clearParts().build()),
                send(valid.toBuilder().addParts(Part.newBuilder().setFilename("no content")).build()),
                send(valid).toBuilder().setConfiguration(SendMessageConfiguration.newBuilder().setHistoryLength(-1))
                        .build())) {
            A2AException json = assertThrows(A2AException.class,
                    () -> RequestCodec.sendMessageRequest(ProtoJsonBridge.json(request)));
            A2AException direct = assertThrows(A2AException.class, () -> V1Requests.sendMessage(request));
            assertEquals(json.error(), direct.error(), request.toString());
            assertEquals(json.violations(), direct.violations(), request.toString());
        }
    }

    @Test
    void getCancelAndSubscribeReadAsTheJsonCodecReadsThem() {
        var get = com.google.lf.a2a.v1.GetTaskRequest.newBuilder().setTenant("acme").setId("t").setHistoryLength(2)
                .build();
        assertEquals(RequestCodec.getTaskRequest(ProtoJsonBridge.json(get)), V1Requests.getTask(get));
        var cancel = com.google.lf.a2a.v1.CancelTaskRequest.newBuilder().setId("t").setMetadata(struct()).build();
        assertEquals(RequestCodec.cancelTaskRequest(ProtoJsonBridge.json(cancel)), V1Requests.cancelTask(cancel));
        var subscribe = com.google.lf.a2a.v1.SubscribeToTaskRequest.newBuilder().setId("t").build();
        assertEquals(RequestCodec.subscribeToTaskRequest(ProtoJsonBridge.json(subscribe)),
                V1Requests.subscribeToTask(subscribe));
        var noId = com.google.lf.a2a.v1.GetTaskRequest.newBuilder().setHistoryLength(-3).build();
        assertEquals(assertThrows(A2AException.class, () -> RequestCodec.getTaskRequest(ProtoJsonBridge.json(noId)))
                .violations(), assertThrows(A2AException.class, () -> V1Requests.getTask(noId)).violations());
    }

    @Test
    void aNumberJsonCannotCarryIsTheClientsMistake() {
        SendMessageRequest nan = send(message("m").toBuilder().setMetadata(Struct.newBuilder()
                .putFields("x", Value.newBuilder().setNumberValue(Double.NaN).build())).build());
        A2AException refused = assertThrows(A2AException.class, () -> V1Requests.sendMessage(nan));
        assertEquals("message.metadata", refused.violations().get(0).field());
    }

    @Test
    void tasksAndEventsAreWrittenAsTheJsonCodecWritesThem() {
        Task task = task();
        assertEquals(viaJson(() -> TaskCodec.toJson(task), com.google.lf.a2a.v1.Task.newBuilder()),
                V1Results.task(task));
        for (SendMessageResult result : List.<SendMessageResult>of(task, task.history().get(0))) {
            assertEquals(viaJson(() -> StreamEventCodec.toSendMessageResponse(result),
                    SendMessageResponse.newBuilder()), V1Results.sendResult(result));
        }
        for (StreamEvent event : List.of(task, task.history().get(1),
                new TaskStatusUpdateEvent("t", "c", task.status(), METADATA),
                new TaskStatusUpdateEvent("t", null, new TaskStatus(TaskState.WORKING, null, null), null),
                new TaskArtifactUpdateEvent("t", "c", task.artifacts().get(0), true, true, METADATA),
                new TaskArtifactUpdateEvent("t", "c", task.artifacts().get(1), false, false, null))) {
            assertEquals(viaJson(() -> StreamEventCodec.toStreamResponse(event), StreamResponse.newBuilder()),
                    V1Results.streamEvent(event), event.toString());
        }
        ListTasksResponse page = new ListTasksResponse(List.of(task, task.withHistory(List.of())), "next", 2, 7);
        assertEquals(viaJson(() -> ListTasksCodec.toJson(page), com.google.lf.a2a.v1.ListTasksResponse.newBuilder()),
                V1Results.listTasks(page));
    }

    private static <M extends com.google.protobuf.Message> M viaJson(Supplier<JsonObject> json,
                                                                      com.google.protobuf.Message.Builder builder) {
        return ProtoJsonBridge.message(json.get(), builder);
    }

    private static Task task() {
        dev.switchboard.protocol.Message user = new dev.switchboard.protocol.Message("m1", "c", "t",
                dev.switchboard.protocol.Role.USER, List.of(dev.switchboard.protocol.Part.text("hi")), METADATA,
                List.of("urn:ext"), List.of("r1"));
        dev.switchboard.protocol.Message agent = dev.switchboard.protocol.Message.agent("m2", "c", "t", List.of(
                dev.switchboard.protocol.Part.raw(new byte[] {1, 2, 3}, "application/octet-stream", "f.bin"),
                dev.switchboard.protocol.Part.url("https://example.com/x", null, null),
                dev.switchboard.protocol.Part.data(METADATA),
                new dev.switchboard.protocol.Part(dev.switchboard.protocol.Part.Kind.TEXT, "", null, null, null,
                        "text/plain", null, METADATA)));
        // a timestamp finer than the wire's milliseconds
        TaskStatus status = new TaskStatus(TaskState.INPUT_REQUIRED, agent, Instant.ofEpochSecond(1_760_000_000L,
                123_456_789));
        return new Task("t", "c", status, List.of(Artifact.of("a1", "result", List.of(
                dev.switchboard.protocol.Part.text("out"))), new Artifact("a2", null, "described",
                List.of(dev.switchboard.protocol.Part.data(JsonFactory.createValue("s"))), METADATA, List.of("u"))),
                List.of(user, agent), METADATA);
    }

    private static Message message(String id) {
        return Message.newBuilder().setMessageId(id).setRole(Role.ROLE_USER)
                .addParts(Part.newBuilder().setText("hello")).build();
    }

    private static SendMessageRequest send(Message message) {
        return SendMessageRequest.newBuilder().setMessage(message).build();
    }

    private static Struct struct() {
        return Struct.newBuilder().putFields("k", Value.newBuilder().setStringValue("v").build())
                .putFields("n", Value.newBuilder().setNumberValue(2).build())
                .putFields("l", Value.newBuilder().setListValue(ListValue.newBuilder()
                        .addValues(Value.newBuilder().setBoolValue(true))
                        .addValues(Value.newBuilder().setStructValue(Struct.newBuilder()
                                .putFields("in", Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build())))).build())
                .build();
    }
}
