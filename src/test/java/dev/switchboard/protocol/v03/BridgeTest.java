package dev.switchboard.protocol.v03;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class BridgeTest {
    private static final Instant AT = Instant.parse("2026-11-29T10:30:00.123Z");

    static JsonObject json(String text) {
        try (JsonReader reader = Json.createReader(new StringReader(text.replace('\'', '"')))) {
            return reader.readObject();
        }
    }

    @ParameterizedTest
    @CsvSource({
            "UNSPECIFIED, unknown, TASK_STATE_UNSPECIFIED",
            "SUBMITTED, submitted, TASK_STATE_SUBMITTED",
            "WORKING, working, TASK_STATE_WORKING",
            "COMPLETED, completed, TASK_STATE_COMPLETED",
            "FAILED, failed, TASK_STATE_FAILED",
            "CANCELED, canceled, TASK_STATE_CANCELLED",
            "INPUT_REQUIRED, input-required, TASK_STATE_INPUT_REQUIRED",
            "REJECTED, rejected, TASK_STATE_REJECTED",
            "AUTH_REQUIRED, auth-required, TASK_STATE_AUTH_REQUIRED"})
    void statesInBothDialects(TaskState state, String jsonRpc, String proto) {
        assertEquals(jsonRpc, V03Dialect.JSONRPC.state(state));
        assertEquals(proto, V03Dialect.PROTO.state(state));
        assertEquals(state, V03Dialect.parseState(jsonRpc).orElseThrow());
        assertEquals(state, V03Dialect.parseState(proto).orElseThrow());
        assertEquals(state, V03Dialect.parseState(state.wireName()).orElseThrow(), "the 1.0 spelling is read too");
    }

    @ParameterizedTest
    @CsvSource({"Working", "done", "TASK_STATE_DONE", "input_required", "''"})
    void unknownStatesAreNotGuessed(String name) {
        assertTrue(V03Dialect.parseState(name).isEmpty());
    }

    @ParameterizedTest
    @CsvSource({"USER, user, ROLE_USER", "AGENT, agent, ROLE_AGENT"})
    void rolesInBothDialects(Role role, String jsonRpc, String proto) {
        assertEquals(jsonRpc, V03Dialect.JSONRPC.role(role));
        assertEquals(proto, V03Dialect.PROTO.role(role));
        assertEquals(role, V03Dialect.parseRole(jsonRpc).orElseThrow());
        assertEquals(role, V03Dialect.parseRole(proto).orElseThrow());
    }

    @ParameterizedTest
    @CsvSource({"ROLE_UNSPECIFIED", "User", "system", "''"})
    void unknownRolesAreRefused(String name) {
        assertTrue(V03Dialect.parseRole(name).isEmpty());
    }

    static Stream<Arguments> parts() {
        return Stream.of(
                Arguments.of(new Part(Part.Kind.TEXT, "hi", null, null, null, null, null, json("{'k':'v'}")),
                        "{'kind':'text','text':'hi','metadata':{'k':'v'}}",
                        "{'text':'hi'}"),
                Arguments.of(new Part(Part.Kind.RAW, null, new byte[] {1, 2, 3}, null, null, "image/png", "a.png", null),
                        "{'kind':'file','file':{'bytes':'AQID','name':'a.png','mimeType':'image/png'}}",
                        "{'file':{'file_with_bytes':'AQID','mime_type':'image/png'}}"),
                Arguments.of(new Part(Part.Kind.URL, null, null, "https://x/doc.pdf", null, "application/pdf", "doc.pdf",
                                null),
                        "{'kind':'file','file':{'uri':'https://x/doc.pdf','name':'doc.pdf','mimeType':'application/pdf'}}",
                        "{'file':{'file_with_uri':'https://x/doc.pdf','mime_type':'application/pdf'}}"),
                Arguments.of(new Part(Part.Kind.DATA, null, null, null, json("{'k':[1,2]}"), null, null, null),
                        "{'kind':'data','data':{'k':[1,2]}}",
                        "{'data':{'data':{'k':[1,2]}}}"));
    }

    @ParameterizedTest
    @MethodSource("parts")
    void partsInBothDialects(Part part, String jsonRpc, String proto) {
        assertEquals(json(jsonRpc), V03Parts.toJson(part, V03Dialect.JSONRPC));
        assertEquals(json(proto), V03Parts.toJson(part, V03Dialect.PROTO));
        assertEquals(part, V03Parts.fromJson(json(jsonRpc), "p", V03Dialect.JSONRPC), "JSON-RPC round trip is lossless");
        Part fromProto = V03Parts.fromJson(json(proto), "p", V03Dialect.PROTO);
        assertEquals(json(proto), V03Parts.toJson(fromProto, V03Dialect.PROTO), "proto round trip is lossless");
    }

    @Test
    void whatZeroThreeCannotSayIsDroppedOrWrapped() {
        Part text = new Part(Part.Kind.TEXT, "hi", null, null, null, "text/markdown", null, null);
        assertEquals(json("{'kind':'text','text':'hi'}"), V03Parts.toJson(text, V03Dialect.JSONRPC));
        Part array = Part.data(Json.createArrayBuilder().add(1).add(2).build());
        assertEquals(json("{'kind':'data','data':{'value':[1,2]}}"), V03Parts.toJson(array, V03Dialect.JSONRPC));
        assertEquals(json("{'data':{'data':{'value':[1,2]}}}"), V03Parts.toJson(array, V03Dialect.PROTO));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'kind':'image','text':'x'}",
            "{'kind':'text'}",
            "{}",
            "{'text':'a','file':{'uri':'u'}}",
            "{'kind':'file','file':{}}",
            "{'kind':'file','file':{'bytes':'AQID','uri':'u'}}",
            "{'kind':'file','file':{'bytes':'***'}}",
            "{'kind':'data','data':[1]}",
            "{'type':'unsupported_type','text':'no kind'}"})
    void malformedPartsAreInvalidParams(String part) {
        A2AException e = assertThrows(A2AException.class, () -> V03Parts.fromJson(json(part), "message.parts[0]",
                V03Dialect.JSONRPC));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
    }

    @Test
    void onlyTheProtoDialectReadsPartsByTheirMember() {
        assertEquals(Part.text("x"), V03Parts.fromJson(json("{'text':'x'}"), "p", V03Dialect.PROTO));
        assertThrows(A2AException.class, () -> V03Parts.fromJson(json("{'text':'x'}"), "p", V03Dialect.JSONRPC));
    }

    private static Task task() {
        Message user = new Message("m1", "c1", "t1", Role.USER, List.of(Part.text("hello")), null, List.of(),
                List.of());
        Message agent = Message.agent("m2", "c1", "t1", List.of(Part.text("done")));
        return new Task("t1", "c1", new TaskStatus(TaskState.CANCELED, agent, AT),
                List.of(Artifact.of("a1", "out", List.of(Part.text("result")))), List.of(user),
                json("{'x':1}"));
    }

    @Test
    void taskInJsonRpcCarriesKindsAndLowercaseStates() {
        assertEquals(json("""
                {'id':'t1','contextId':'c1','status':{'state':'canceled','message':{'messageId':'m2','contextId':'c1',
                'taskId':'t1','role':'agent','parts':[{'kind':'text','text':'done'}],'kind':'message'},
                'timestamp':'2026-11-29T10:30:00.123Z'},'artifacts':[{'artifactId':'a1','name':'out',
                'parts':[{'kind':'text','text':'result'}]}],'history':[{'messageId':'m1','contextId':'c1','taskId':'t1',
                'role':'user','parts':[{'kind':'text','text':'hello'}],'kind':'message'}],'metadata':{'x':1},'kind':'task'}
                """), Bridge.toV03(task(), V03Dialect.JSONRPC));
    }

    @Test
    void taskInProtoUsesContentAndTheCancelledSpelling() {
        assertEquals(json("""
                {'id':'t1','context_id':'c1','status':{'state':'TASK_STATE_CANCELLED','message':{'message_id':'m2',
                'context_id':'c1','task_id':'t1','role':'ROLE_AGENT','content':[{'text':'done'}]},
                'timestamp':'2026-11-29T10:30:00.123Z'},'artifacts':[{'artifact_id':'a1','name':'out',
                'parts':[{'text':'result'}]}],'history':[{'message_id':'m1','context_id':'c1','task_id':'t1',
                'role':'ROLE_USER','content':[{'text':'hello'}]}],'metadata':{'x':1}}
                """), Bridge.toV03(task(), V03Dialect.PROTO));
    }

    @ParameterizedTest
    @EnumSource(V03Dialect.class)
    void tasksRoundTripThroughEitherDialect(V03Dialect dialect) {
        assertEquals(task(), Bridge.toV1Task(Bridge.toV03(task(), dialect), "task", dialect));
    }

    @Test
    void messagesKeepReferenceTaskIdsInJsonRpcOnly() {
        Message message = new Message("m", null, null, Role.USER, List.of(Part.text("x")), null, List.of("urn:e"),
                List.of("t0"));
        assertEquals(message, Bridge.toV1Message(Bridge.toV03(message, V03Dialect.JSONRPC), "message",
                V03Dialect.JSONRPC));
        Message viaProto = Bridge.toV1Message(Bridge.toV03(message, V03Dialect.PROTO), "message",
                V03Dialect.PROTO);
        assertEquals(List.of(), viaProto.referenceTaskIds());
        assertEquals(List.of("urn:e"), viaProto.extensions());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'kind':'message','role':'user','parts':[{'kind':'text','text':'x'}]}",
            "{'kind':'message','messageId':'m','parts':[{'kind':'text','text':'x'}]}",
            "{'kind':'message','messageId':'m','role':'ROLE_UNSPECIFIED','parts':[{'kind':'text','text':'x'}]}",
            "{'kind':'message','messageId':'m','role':'user'}",
            "{'kind':'message','messageId':'m','role':'user','parts':[]}",
            "{'kind':'message','messageId':'m','role':'user','parts':'invalid'}",
            "{'kind':'task','messageId':'m','role':'user','parts':[{'kind':'text','text':'x'}]}",
            "{'kind':'message'}"})
    void malformedMessagesAreInvalidParams(String message) {
        A2AException e = assertThrows(A2AException.class, () -> Bridge.toV1Message(json(message), "message",
                V03Dialect.JSONRPC));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
    }

    @ParameterizedTest
    @EnumSource(TaskState.class)
    void statusUpdateIsFinalExactlyWhereA03StreamEnds(TaskState state) {
        TaskStatusUpdateEvent event = new TaskStatusUpdateEvent("t1", "c1", new TaskStatus(state, null, null), null);
        JsonObject jsonRpc = Bridge.toV03(event, V03Dialect.JSONRPC);
        boolean expected = state.isTerminal() || state.isInterrupted();
        assertEquals(expected, jsonRpc.getBoolean("final"));
        assertEquals("status-update", jsonRpc.getString("kind"));
        JsonObject proto = Bridge.streamEvent(event, V03Dialect.PROTO);
        assertEquals(expected, proto.getJsonObject("status_update").getBoolean("final"));
        assertFalse(proto.getJsonObject("status_update").containsKey("kind"));
        assertEquals(event, Bridge.toV1StatusUpdate(jsonRpc, "event", V03Dialect.JSONRPC), "final is dropped, nothing else");
    }

    @Test
    void artifactUpdatesInBothDialects() {
        TaskArtifactUpdateEvent event = new TaskArtifactUpdateEvent("t1", "c1",
                Artifact.of("a", null, List.of(Part.text("chunk"))), true, true, null);
        assertEquals(json("{'taskId':'t1','contextId':'c1','artifact':{'artifactId':'a','parts':[{'kind':'text',"
                        + "'text':'chunk'}]},'append':true,'lastChunk':true,'kind':'artifact-update'}"),
                Bridge.streamEvent(event, V03Dialect.JSONRPC));
        assertEquals(json("{'artifact_update':{'task_id':'t1','context_id':'c1','artifact':{'artifact_id':'a',"
                        + "'parts':[{'text':'chunk'}]},'append':true,'last_chunk':true}}"),
                Bridge.streamEvent(event, V03Dialect.PROTO));
        assertEquals(event, Bridge.toV1ArtifactUpdate(Bridge.toV03(event, V03Dialect.PROTO), "e", V03Dialect.PROTO));
    }

    @Test
    void resultsAreBareInJsonRpcAndWrappedInProto() {
        Task task = task();
        assertEquals("task", Bridge.sendResult(task, V03Dialect.JSONRPC).getString("kind"));
        assertEquals(Bridge.toV03(task, V03Dialect.PROTO), Bridge.sendResult(task, V03Dialect.PROTO).getJsonObject("task"));
        Message reply = Message.agent("r", "c", null, List.of(Part.text("hi")));
        assertEquals("message", Bridge.sendResult(reply, V03Dialect.JSONRPC).getString("kind"));
        assertEquals(1, Bridge.sendResult(reply, V03Dialect.PROTO).size());
        assertEquals("ROLE_AGENT",
                Bridge.sendResult(reply, V03Dialect.PROTO).getJsonObject("message").getString("role"));
    }

    @Test
    void aStatusWithoutStateIsUnspecifiedAndAnUnknownOneRefused() {
        assertEquals(TaskState.UNSPECIFIED, Bridge.toV1Status(json("{}"), "status", V03Dialect.JSONRPC).state());
        assertNull(Bridge.toV1Status(json("{'state':'working'}"), "status", V03Dialect.PROTO).message());
        assertThrows(A2AException.class, () -> Bridge.toV1Status(json("{'state':'busy'}"), "status",
                V03Dialect.JSONRPC));
    }
}
