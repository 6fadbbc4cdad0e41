package dev.switchboard.web.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.BindingHarness;
import dev.switchboard.web.binding.RecordingChannel;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import dev.switchboard.web.binding.RequestedVersion;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP+JSON binding from call to answer, on a real task service, without a container. */
class RestBindingTest {
    @TempDir
    static Path dir;
    static BindingHarness harness;
    static RestBinding v1;
    static RestBinding v03;

    @BeforeAll
    static void start() {
        harness = new BindingHarness(dir);
        v1 = new RestBinding(harness.tasks, harness.extendedCard, ProtocolVersion.V1_0, true);
        v03 = new RestBinding(harness.tasks, harness.extendedCard, ProtocolVersion.V0_3, true);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        harness.close();
    }

    private static RestCall call(String version, Caller caller, String accept, Map<String, List<String>> query,
                                 String contentType, String body) {
        return new RestCall(accept, RequestedVersion.of(version), caller, "192.0.2.7", null, contentType, null, null, query,
                body == null ? null : new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static RestCall post(String body) {
        return call(null, BindingHarness.ANONYMOUS, null, null, "application/json", body);
    }

    private static RestCall plain(Caller caller) {
        return call(null, caller, null, null, null, null);
    }

    private static JsonObject json(Answer.Body body) {
        try (var reader = JsonFactory.createReader(new StringReader(new String(body.bytes(), StandardCharsets.UTF_8)))) {
            return reader.readObject();
        }
    }

    private static String message(String text) {
        return "{\"message\":{\"role\":\"ROLE_USER\",\"messageId\":\"" + UUID.randomUUID() + "\",\"parts\":[{\"text\":\""
                + text + "\"}]}}";
    }

    private static Answer.Body sent(RestBinding binding, RestCall call) throws Exception {
        return assertInstanceOf(Answer.Body.class, binding.send(call).toCompletableFuture().get(10, TimeUnit.SECONDS));
    }

    private static String newTask(String text) throws Exception {
        return json(sent(v1, post(message(text)))).getJsonObject("task").getString("id");
    }

    @Test
    void sendAnswersTheTaskInTheMediaTypeTheClientAccepts() throws Exception {
        Answer.Body plainJson = sent(v1, post(message("hi")));
        assertEquals(200, plainJson.status());
        assertEquals("application/json", plainJson.mediaType());
        assertEquals("TASK_STATE_COMPLETED", json(plainJson).getJsonObject("task").getJsonObject("status")
                .getString("state"));
        Answer.Body a2a = sent(v1, call(null, BindingHarness.ANONYMOUS, "application/a2a+json", null,
                "application/a2a+json", message("hi")));
        assertEquals("application/a2a+json", a2a.mediaType());
    }

    @Test
    void theV1MountSpeaks03WhenTheRequestNamesIt() throws Exception {
        JsonObject task = json(sent(v03, post("{\"message\":{\"role\":\"ROLE_USER\",\"messageId\":\""
                + UUID.randomUUID() + "\",\"content\":[{\"text\":\"hi\"}]}}")));
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("task").getJsonObject("status").getString("state"));
        Answer.Body named = sent(v03, call("1.0", BindingHarness.ANONYMOUS, null, null, "application/json",
                message("hi")));
        assertEquals(200, named.status(), "the version named wins over the mount");
        assertTrue(json(named).getJsonObject("task").containsKey("artifacts"));
    }

    @Test
    void getReadsHistoryLengthFromTheQueryAndHidesOthersTasks() throws Exception {
        String id = newTask("q");
        Answer.Body none = v1.get(call(null, BindingHarness.ANONYMOUS, null, Map.of("history_length", List.of("0")),
                null, null), id);
        assertEquals(200, none.status());
        assertTrue(!json(none).containsKey("history") || json(none).getJsonArray("history").isEmpty(),
                "snake_case is read as ProtoJSON reads it: " + json(none));
        Answer.Body other = v1.get(plain(BindingHarness.OTHER), id);
        assertEquals(404, other.status());
        JsonObject error = json(other).getJsonObject("error");
        assertEquals("NOT_FOUND", error.getString("status"));
        assertEquals("TASK_NOT_FOUND", error.getJsonArray("details").getJsonObject(0).getString("reason"));
    }

    @Test
    void listIsA10OperationOnly() throws Exception {
        newTask("listed");
        Answer.Body listed = v1.list(call(null, BindingHarness.ANONYMOUS, null, Map.of("pageSize", List.of("1")),
                null, null));
        assertEquals(200, listed.status());
        assertEquals(1, json(listed).getJsonArray("tasks").size());
        Answer.Body v03List = v03.list(plain(BindingHarness.ANONYMOUS));
        assertEquals(501, v03List.status());
        assertEquals("application/json", v03List.mediaType(), "0.3 errors are plain JSON");
    }

    @Test
    void bodiesThisBindingDoesNotReadAreRefusedWithTheirStatus() {
        Answer.Body text = v1.cancel(call(null, BindingHarness.ANONYMOUS, null, null, "text/plain", "x"), "t");
        assertEquals(415, text.status());
        assertEquals("CONTENT_TYPE_NOT_SUPPORTED", json(text).getJsonObject("error").getJsonArray("details")
                .getJsonObject(0).getString("reason"));

        Answer.Body coded = v1.cancel(new RestCall(null, RequestedVersion.of((String) null), BindingHarness.ANONYMOUS, "192.0.2.7", null,
                "application/json", "br", null, null, InputStream.nullInputStream()), "t");
        assertEquals(415, coded.status());
        assertEquals("identity", coded.headers().get("Accept-Encoding"));

        InputStream tooLarge = new InputStream() {
            @Override
            public int read() throws RequestBodyTooLargeException {
                throw new RequestBodyTooLargeException("Request body too large: the limit is 10 bytes");
            }
        };
        Answer.Body large = v1.cancel(new RestCall(null, RequestedVersion.of((String) null), BindingHarness.ANONYMOUS, "192.0.2.7", null,
                "application/json", null, null, null, tooLarge), "t");
        assertEquals(413, large.status());
        assertEquals("INVALID_ARGUMENT", json(large).getJsonObject("error").getString("status"));

        Answer.Body notAnObject = v1.cancel(post("[1]"), "t");
        assertEquals(400, notAnObject.status());
    }

    @Test
    void anUnsupportedVersionIsRefusedIn10() {
        Answer.Body refused = v03.get(call("9.9", BindingHarness.ANONYMOUS, null, null, null, null), "t");
        assertEquals(400, refused.status());
        assertEquals("VERSION_NOT_SUPPORTED", json(refused).getJsonObject("error").getJsonArray("details")
                .getJsonObject(0).getString("reason"));
    }

    @Test
    void subscribeStreamsBareStreamResponsesAndRefusesUnknownTasksPlainly() throws Exception {
        String id = newTask("done");
        AnswerWriter writer = new AnswerWriter(harness.streams);
        Answer.Stream refused = assertInstanceOf(Answer.Stream.class, v1.subscribe(plain(BindingHarness.ANONYMOUS),
                "nope", false));
        Answer.Body notFound = writer.start(refused, new RecordingChannel()).orElseThrow();
        assertEquals(404, notFound.status());

        RestCall resume = new RestCall(null, RequestedVersion.of((String) null), BindingHarness.ANONYMOUS, "192.0.2.7", null, null,
                null, "0", null, null);
        Answer.Stream replay = assertInstanceOf(Answer.Stream.class, v1.subscribe(resume, id, false));
        RecordingChannel channel = new RecordingChannel();
        assertEquals(Optional.empty(), writer.start(replay, channel));
        assertTrue(channel.awaitClose(10));
        assertTrue(channel.dataLines().size() >= 2, "every stored event after 0: " + channel.frames);
        assertTrue(channel.dataLines().get(0).startsWith("{\"task\":"), channel.dataLines().get(0));

        Answer.Body badResume = assertInstanceOf(Answer.Body.class, v1.subscribe(new RestCall(null,
                RequestedVersion.of((String) null), BindingHarness.ANONYMOUS, "192.0.2.7", null, null, null, "x", null, null), id,
                false));
        assertEquals(400, badResume.status());
        Answer.Body bodyNotEmpty = assertInstanceOf(Answer.Body.class, v1.subscribe(post("[]"), id, true));
        assertEquals(400, bodyNotEmpty.status());
    }

    @Test
    void theExtendedCardIsForCallersThatAuthenticated() {
        assertEquals(400, v1.extendedCard(plain(BindingHarness.ANONYMOUS)).status());
        Answer.Body card = v1.extendedCard(plain(BindingHarness.KEY_HOLDER));
        assertEquals(200, card.status());
        assertEquals("echo", json(card).getJsonArray("skills").getJsonObject(0).getString("id"));
        assertEquals("0.3.0", json(v03.extendedCard(plain(BindingHarness.KEY_HOLDER))).getString("protocolVersion"));
    }

    @Test
    void pushRoutesAnswerThatPushIsOff() {
        Answer.Body off = v1.listPushConfigs(plain(BindingHarness.ANONYMOUS), "t");
        assertEquals(400, off.status());
        assertEquals("PUSH_NOTIFICATION_NOT_SUPPORTED", json(off).getJsonObject("error").getJsonArray("details")
                .getJsonObject(0).getString("reason"));
    }

    private static RestCall naming(CallExtensions extensions, String body) {
        return new RestCall(null, RequestedVersion.of((String) null), BindingHarness.KEY_HOLDER, "192.0.2.7", null,
                body == null ? null : "application/json", null, null, null,
                body == null ? null : new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), extensions);
    }

    @Test
    void aCallThatDoesNotActivateARequiredExtensionIs400ExtensionSupportRequiredInBothLines() throws Exception {
        CallExtensions none = BindingHarness.naming(Tier.AUTHENTICATED);
        Answer.Body v1Refused = sent(v1, naming(none, message("extensions?")));
        assertEquals(400, v1Refused.status());
        JsonObject error = json(v1Refused).getJsonObject("error");
        assertEquals("FAILED_PRECONDITION", error.getString("status"));
        assertEquals("EXTENSION_SUPPORT_REQUIRED", error.getJsonArray("details").getJsonObject(0).getString("reason"));

        Answer.Body v03Refused = sent(v03, naming(none, "{\"message\":{\"role\":\"ROLE_USER\",\"messageId\":\""
                + UUID.randomUUID() + "\",\"content\":[{\"text\":\"hi\"}]}}"));
        assertEquals(400, v03Refused.status());
        assertEquals("io.a2a.spec.ExtensionSupportRequiredError", json(v03Refused).getString("error"));
        assertEquals(-32008, json(v03Refused).getInt("code"));

        assertEquals(400, v1.get(naming(none, null), "any").status(), "GetTask too");
        Answer.Stream stream = assertInstanceOf(Answer.Stream.class, v1.stream(naming(none, message("extensions?"))));
        Answer.Body streamRefused = new AnswerWriter(harness.streams).start(stream, new RecordingChannel()).orElseThrow();
        assertEquals(400, streamRefused.status(), "refused before the stream's first event");
        assertEquals(200, v1.extendedCard(naming(none, null)).status(), "the extended card is discovery");
    }

    @Test
    void theSkillSeesTheActivatedExtensions() throws Exception {
        JsonObject task = json(sent(v1, naming(BindingHarness.naming(Tier.AUTHENTICATED,
                BindingHarness.REQUIRED_EXTENSION), message("extensions?")))).getJsonObject("task");
        assertEquals("active: " + BindingHarness.REQUIRED_EXTENSION, task.getJsonObject("status")
                .getJsonObject("message").getJsonArray("parts").getJsonObject(0).getString("text"));
    }
}
