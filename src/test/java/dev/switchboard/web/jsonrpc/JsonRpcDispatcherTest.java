package dev.switchboard.web.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.BindingHarness;
import dev.switchboard.web.binding.RecordingChannel;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import dev.switchboard.web.binding.RequestedVersion;
import dev.switchboard.web.binding.Tenants;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON-RPC binding from call to answer, on a real task service, without a container. */
class JsonRpcDispatcherTest {
    @TempDir
    static Path dir;
    static BindingHarness harness;
    static JsonRpcDispatcher dispatcher;

    @BeforeAll
    static void start() {
        harness = new BindingHarness(dir);
        dispatcher = new JsonRpcDispatcher(harness.tasks, new Tenants(null), harness.extendedCard, true);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        harness.close();
    }

    private static JsonRpcCall call(String version, Caller caller, String accept, String body) {
        return new JsonRpcCall("application/json", null, accept, null, RequestedVersion.of(version), caller,
                "192.0.2.7", new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static Answer answer(JsonRpcCall call) throws Exception {
        return dispatcher.answer(call).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Answer.Body body(String version, Caller caller, String body) throws Exception {
        return assertInstanceOf(Answer.Body.class, answer(call(version, caller, null, body)));
    }

    private static JsonObject json(Answer.Body body) {
        return read(new String(body.bytes(), StandardCharsets.UTF_8));
    }

    private static JsonObject read(String text) {
        try (var reader = JsonFactory.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    private static String send(String method, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":{\"message\":{\"role\":\""
                + (method.contains("/") ? "user" : "ROLE_USER") + "\",\"messageId\":\"" + java.util.UUID.randomUUID()
                + "\",\"parts\":[{" + (method.contains("/") ? "\"kind\":\"text\"," : "") + "\"text\":\"" + text
                + "\"}]}}}";
    }

    private static String get(String taskId) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"g\",\"method\":\"GetTask\",\"params\":{\"id\":\"" + taskId + "\"}}";
    }

    private static int errorCode(Answer.Body body) {
        return json(body).getJsonObject("error").getInt("code");
    }

    @Test
    void sendMessageAnswersTheCompletedTaskUnderTheRequestsId() throws Exception {
        Answer.Body answer = body("1.0", BindingHarness.ANONYMOUS, send("SendMessage", "hi"));
        assertEquals(200, answer.status());
        assertEquals("application/json", answer.mediaType());
        JsonObject response = json(answer);
        assertEquals(7, response.getInt("id"));
        JsonObject task = response.getJsonObject("result").getJsonObject("task");
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
        assertEquals("echo: hi", task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")
                .getJsonObject(0).getString("text"));
    }

    @Test
    void eachLineAnswersInItsOwnShape() throws Exception {
        JsonObject v03 = json(body("0.3", BindingHarness.ANONYMOUS, send("message/send", "hi")));
        assertEquals("task", v03.getJsonObject("result").getString("kind"));
        assertEquals("completed", v03.getJsonObject("result").getJsonObject("status").getString("state"));
        JsonObject byShape = json(body(null, BindingHarness.ANONYMOUS, send("message/send", "hi")));
        assertEquals("task", byShape.getJsonObject("result").getString("kind"), "no version named: the method's line");
        assertEquals(-32601, errorCode(body("1.0", BindingHarness.ANONYMOUS, send("message/send", "hi"))),
                "a 0.3 method name is not a 1.0 method");
        assertEquals(-32009, errorCode(body("2.0", BindingHarness.ANONYMOUS, send("SendMessage", "hi"))));
    }

    @Test
    void tasksAreSeenOnlyByTheirOwner() throws Exception {
        String taskId = json(body("1.0", BindingHarness.ANONYMOUS, send("SendMessage", "mine")))
                .getJsonObject("result").getJsonObject("task").getString("id");
        assertEquals(200, body("1.0", BindingHarness.ANONYMOUS, get(taskId)).status());
        Answer.Body other = body("1.0", BindingHarness.OTHER, get(taskId));
        assertEquals(200, other.status(), "JSON-RPC errors travel with HTTP 200");
        assertEquals(-32001, errorCode(other), "another caller's task is not found");
        assertEquals("g", json(other).getString("id"));
        assertEquals(-32001, errorCode(body("1.0", BindingHarness.ANONYMOUS, get("nope"))));
    }

    @Test
    void failuresOfHttpItselfKeepAJsonRpcBodyWithTheirStatus() throws Exception {
        Answer.Body coded = assertInstanceOf(Answer.Body.class, answer(new JsonRpcCall("application/json", "gzip",
                null, null, RequestedVersion.of("1.0"), BindingHarness.ANONYMOUS, "192.0.2.7", InputStream.nullInputStream())));
        assertEquals(415, coded.status());
        assertEquals("identity", coded.headers().get("Accept-Encoding"));
        assertEquals(-32005, errorCode(coded));
        assertEquals(JsonValue.NULL, json(coded).get("id"));

        Answer.Body text = assertInstanceOf(Answer.Body.class, answer(new JsonRpcCall("text/plain", null, null,
                null, RequestedVersion.of("1.0"), BindingHarness.ANONYMOUS, "192.0.2.7", InputStream.nullInputStream())));
        assertEquals(415, text.status());
        assertEquals(-32005, errorCode(text));

        InputStream tooLarge = new InputStream() {
            @Override
            public int read() throws RequestBodyTooLargeException {
                throw new RequestBodyTooLargeException("Request body too large: the limit is 10 bytes");
            }
        };
        Answer.Body large = assertInstanceOf(Answer.Body.class, answer(new JsonRpcCall("application/json", null,
                null, null, RequestedVersion.of("1.0"), BindingHarness.ANONYMOUS, "192.0.2.7", tooLarge)));
        assertEquals(413, large.status());
        assertEquals(-32600, errorCode(large));

        Answer.Body unparsed = body("1.0", BindingHarness.ANONYMOUS, "{\"jsonrpc\":");
        assertEquals(200, unparsed.status());
        assertEquals(-32700, errorCode(unparsed));
        assertEquals(JsonValue.NULL, json(unparsed).get("id"));
    }

    @Test
    void aStreamIsJsonRpcResponsesUnderTheRequestsIdUntilTheTaskEnds() throws Exception {
        Answer.Stream stream = assertInstanceOf(Answer.Stream.class,
                answer(call("1.0", BindingHarness.ANONYMOUS, "text/event-stream", send("SendStreamingMessage", "s"))));
        RecordingChannel channel = new RecordingChannel();
        assertEquals(Optional.empty(), new AnswerWriter(harness.streams).start(stream, channel));
        assertTrue(channel.awaitClose(10), "the stream ends with the task");
        List<JsonObject> events = channel.dataLines().stream().map(JsonRpcDispatcherTest::read).toList();
        assertTrue(events.size() >= 2, "the task, then its updates: " + events);
        events.forEach(event -> assertEquals(7, event.getInt("id")));
        assertTrue(events.get(0).getJsonObject("result").containsKey("task"));
        assertTrue(channel.frames.get(0).startsWith("id: 1\n"), "each event carries its number in the task's log");
        JsonObject last = events.get(events.size() - 1).getJsonObject("result");
        assertEquals("TASK_STATE_COMPLETED", last.getJsonObject("statusUpdate").getJsonObject("status")
                .getString("state"));
    }

    @Test
    void aStreamRefusedBeforeItsFirstEventIsAPlainErrorWithTheTablesStatus() throws Exception {
        String subscribe = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"SubscribeToTask\",\"params\":{\"id\":\"nope\"}}";
        Answer.Stream stream = assertInstanceOf(Answer.Stream.class,
                answer(call("1.0", BindingHarness.ANONYMOUS, "text/event-stream", subscribe)));
        RecordingChannel channel = new RecordingChannel();
        Answer.Body refusal = new AnswerWriter(harness.streams).start(stream, channel).orElseThrow();
        assertEquals(404, refusal.status(), "the client learns from the status that no event comes");
        assertEquals(-32001, errorCode(refusal));
        assertEquals(0, channel.opened);
    }

    @Test
    void aClientThatNamedNoVersionGetsTheRefusalAsTheStreamsOnlyEvent() throws Exception {
        String resubscribe = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tasks/resubscribe\",\"params\":{\"id\":\"nope\"}}";
        Answer.Stream stream = assertInstanceOf(Answer.Stream.class,
                answer(call(null, BindingHarness.ANONYMOUS, "text/event-stream", resubscribe)));
        RecordingChannel channel = new RecordingChannel();
        assertEquals(Optional.empty(), new AnswerWriter(harness.streams).start(stream, channel));
        List<String> data = channel.dataLines();
        assertEquals(1, data.size());
        assertEquals(-32001, read(data.get(0)).getJsonObject("error").getInt("code"));
        assertEquals(4, read(data.get(0)).getInt("id"));
        assertTrue(channel.isClosed());

        Answer refusedEarly = answer(call(null, BindingHarness.ANONYMOUS, "text/event-stream",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tasks/resubscribe\",\"params\":{}}"));
        assertInstanceOf(Answer.Stream.class, refusedEarly, "a refusal while reading the params is an event too");
    }

    @Test
    void theExtendedCardIsForCallersThatAuthenticated() throws Exception {
        String card = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetExtendedAgentCard\",\"params\":{}}";
        assertEquals(-32007, errorCode(body("1.0", BindingHarness.ANONYMOUS, card)));
        JsonObject extended = json(body("1.0", BindingHarness.KEY_HOLDER, card)).getJsonObject("result");
        assertEquals("echo", extended.getJsonArray("skills").getJsonObject(0).getString("id"));
        String v03 = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"agent/getAuthenticatedExtendedCard\"}";
        assertEquals("0.3.0", json(body("0.3", BindingHarness.KEY_HOLDER, v03)).getJsonObject("result")
                .getString("protocolVersion"), "in the line the request was made in");
    }

    @Test
    void aTenantThisAgentDoesNotServeIsRefusedNotDefaulted() throws Exception {
        String list = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ListTasks\",\"params\":{\"tenant\":\"elsewhere\"}}";
        assertEquals(-32602, errorCode(body("1.0", BindingHarness.ANONYMOUS, list)));
        JsonObject listed = json(body("1.0", BindingHarness.ANONYMOUS,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ListTasks\",\"params\":{}}"));
        assertTrue(listed.getJsonObject("result").containsKey("tasks"), listed.toString());
    }

    @Test
    void pushMethodsAnswerThatPushIsOffBeforeReadingTheirParams() throws Exception {
        assertEquals(-32003, errorCode(body("1.0", BindingHarness.ANONYMOUS,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"CreateTaskPushNotificationConfig\",\"params\":{}}")));
    }

    @Test
    void aTaskQuotaIs429WithAJsonRpcErrorForTheRequestsId() throws Exception {
        JsonRpcDispatcher limited = new JsonRpcDispatcher(harness.withQuota(call -> {
            throw new LimitExceeded("TASK_QUOTA", "Too many new tasks from your address: retry in 7 s", 7);
        }), new Tenants(null), harness.extendedCard, true);
        Answer.Body answer = assertInstanceOf(Answer.Body.class, limited.answer(call("1.0", BindingHarness.ANONYMOUS,
                null, send("SendMessage", "one more"))).toCompletableFuture().get(10, TimeUnit.SECONDS));
        assertEquals(429, answer.status());
        assertEquals("7", answer.headers().get("Retry-After"));
        JsonObject response = json(answer);
        assertEquals(7, response.getInt("id"));
        assertEquals("TASK_QUOTA", response.getJsonObject("error").getJsonArray("data").getJsonObject(0)
                .getString("reason"));
        Answer streamed = limited.answer(call("1.0", BindingHarness.ANONYMOUS, "text/event-stream",
                send("SendStreamingMessage", "one more"))).toCompletableFuture().get(10, TimeUnit.SECONDS);
        Answer.Body refusal = new AnswerWriter(harness.streams).start(assertInstanceOf(Answer.Stream.class, streamed),
                new RecordingChannel()).orElseThrow();
        assertEquals(429, refusal.status(), "a stream refused by the quota is the same 429");
    }

    private static Answer extended(String version, CallExtensions extensions, String body, String accept)
            throws Exception {
        return answer(new JsonRpcCall("application/json", null, accept, null, RequestedVersion.of(version), extensions,
                BindingHarness.KEY_HOLDER, "192.0.2.7", new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void aCallThatDoesNotActivateARequiredExtensionIsRefusedWithMinus32008InBothLines() throws Exception {
        CallExtensions optionalOnly = BindingHarness.naming(Tier.AUTHENTICATED, BindingHarness.OPTIONAL_EXTENSION);
        for (String[] call : new String[][] {{"1.0", "SendMessage"}, {"0.3", "message/send"}}) {
            Answer.Body refused = assertInstanceOf(Answer.Body.class, extended(call[0], optionalOnly,
                    send(call[1], "extensions?"), null));
            assertEquals(200, refused.status(), "a JSON-RPC error of a method that answers once");
            JsonObject error = json(refused).getJsonObject("error");
            assertEquals(-32008, error.getInt("code"), error.toString());
            assertTrue(error.getString("message").contains(BindingHarness.REQUIRED_EXTENSION), error.toString());
        }
        assertEquals(-32008, errorCode(assertInstanceOf(Answer.Body.class, extended("1.0", optionalOnly, get("any"),
                null))), "GetTask reaches the agent's tasks too");
        Answer.Body stream = assertInstanceOf(Answer.Body.class, extended("1.0", optionalOnly,
                send("SendStreamingMessage", "extensions?"), "text/event-stream"));
        assertEquals(400, stream.status(), "a stream refused before its first event has the error table's status");
        assertEquals(-32008, errorCode(stream));
        JsonObject card = json(assertInstanceOf(Answer.Body.class, extended("1.0", optionalOnly,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetExtendedAgentCard\",\"params\":{}}", null)));
        assertTrue(card.containsKey("result"), "the extended card is discovery, and requires nothing: " + card);
    }

    @Test
    void theSkillSeesTheExtensionsTheCallActivated() throws Exception {
        CallExtensions both = BindingHarness.naming(Tier.AUTHENTICATED, "urn:unknown", BindingHarness.REQUIRED_EXTENSION,
                BindingHarness.OPTIONAL_EXTENSION);
        JsonObject task = json(assertInstanceOf(Answer.Body.class, extended("1.0", both, send("SendMessage",
                "extensions?"), null))).getJsonObject("result").getJsonObject("task");
        assertEquals("active: " + BindingHarness.REQUIRED_EXTENSION + " " + BindingHarness.OPTIONAL_EXTENSION,
                task.getJsonObject("status").getJsonObject("message").getJsonArray("parts").getJsonObject(0)
                        .getString("text"));
    }
}
