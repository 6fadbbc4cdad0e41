package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertJson;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every golden document decodes and encodes back to itself, with its keys in proto order. */
class GoldenRoundTripTest {

    /** A golden document with the codec pair that reads and writes it. */
    private record Codec<T>(Function<JsonObject, T> decode, Function<T, JsonObject> encode) {
        JsonObject roundTrip(JsonObject json) {
            return encode.apply(decode.apply(json));
        }

        void assertModelStable(JsonObject json) {
            T model = decode.apply(json);
            assertEquals(model, decode.apply(encode.apply(model)));
        }
    }

    private static <T> Arguments codec(String name, Function<JsonObject, T> decode, Function<T, JsonObject> encode) {
        return Arguments.of(name, new Codec<>(decode, encode));
    }

    static Stream<Arguments> goldens() {
        return Stream.of(
                codec("part-text", json -> PartCodec.fromJson(json, "part"), PartCodec::toJson),
                codec("part-raw", json -> PartCodec.fromJson(json, "part"), PartCodec::toJson),
                codec("part-url", json -> PartCodec.fromJson(json, "part"), PartCodec::toJson),
                codec("part-data", json -> PartCodec.fromJson(json, "part"), PartCodec::toJson),
                codec("message", json -> MessageCodec.fromJson(json, ""), MessageCodec::toJson),
                codec("task-full", json -> TaskCodec.fromJson(json, ""), TaskCodec::toJson),
                codec("task-minimal", json -> TaskCodec.fromJson(json, ""), TaskCodec::toJson),
                codec("status-update", json -> StreamEventCodec.statusUpdateFromJson(json, ""),
                        StreamEventCodec::statusUpdateToJson),
                codec("artifact-update", json -> StreamEventCodec.artifactUpdateFromJson(json, ""),
                        StreamEventCodec::artifactUpdateToJson),
                codec("stream-response-task", json -> StreamEventCodec.fromStreamResponse(json, ""),
                        StreamEventCodec::toStreamResponse),
                codec("stream-response-message", json -> StreamEventCodec.fromStreamResponse(json, ""),
                        StreamEventCodec::toStreamResponse),
                codec("stream-response-status-update", json -> StreamEventCodec.fromStreamResponse(json, ""),
                        StreamEventCodec::toStreamResponse),
                codec("stream-response-artifact-update", json -> StreamEventCodec.fromStreamResponse(json, ""),
                        StreamEventCodec::toStreamResponse),
                codec("send-message-response-task", json -> StreamEventCodec.fromSendMessageResponse(json, ""),
                        StreamEventCodec::toSendMessageResponse),
                codec("send-message-response-message", json -> StreamEventCodec.fromSendMessageResponse(json, ""),
                        StreamEventCodec::toSendMessageResponse),
                codec("send-message-request", RequestCodec::sendMessageRequest, RequestCodec::toJson),
                codec("get-task-request", RequestCodec::getTaskRequest, RequestCodec::toJson),
                codec("cancel-task-request", RequestCodec::cancelTaskRequest, RequestCodec::toJson),
                codec("subscribe-to-task-request", RequestCodec::subscribeToTaskRequest, RequestCodec::toJson),
                codec("list-tasks-request", ListTasksCodec::request, ListTasksCodec::toJson),
                codec("list-tasks-response", json -> ListTasksCodec.response(json, ""), ListTasksCodec::toJson),
                codec("list-tasks-response-empty", json -> ListTasksCodec.response(json, ""),
                        ListTasksCodec::toJson),
                codec("push-config", json -> PushConfigCodec.fromJson(json, ""), PushConfigCodec::toJson));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void encodesBackToTheGolden(String name, Codec<?> codec) {
        JsonObject golden = golden(name);
        assertJson(golden, codec.roundTrip(golden));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void modelSurvivesEncodeAndDecode(String name, Codec<?> codec) {
        codec.assertModelStable(golden(name));
    }
}
