package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DiscoveryTest {
    static final String V1_CARD = """
            {"name":"Agent","description":"d","version":"1","capabilities":{"streaming":true},
             "defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
             "supportedInterfaces":[
               {"url":"$BASE/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
               {"url":"$BASE/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},
               {"url":"$BASE/grpc","protocolBinding":"GRPC","protocolVersion":"1.0"}]}""";
    static final String V03_CARD = """
            {"name":"Old","description":"d","version":"1","protocolVersion":"0.3.0","url":"$BASE/legacy",
             "preferredTransport":"JSONRPC","capabilities":{},"defaultInputModes":[],"defaultOutputModes":[],
             "skills":[{"id":"s1","name":"S","description":"x","tags":["t"]}],
             "additionalInterfaces":[{"url":"$BASE/legacy-rest","transport":"HTTP+JSON"}]}""";
    static final String TASK = """
            {"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}""";

    private final FakeAgent agent;

    DiscoveryTest() throws Exception {
        agent = new FakeAgent();
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void agentCardJsonComesFirst() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD).answer("/.well-known/agent.json", 200, V03_CARD);
        A2AClient client = A2AClient.builder().connect(agent.base());
        assertEquals("Agent", client.card().name());
        assertEquals(Endpoint.JSONRPC_1_0, client.endpoint());
        assertEquals(agent.base() + "/rpc", client.agentInterface().url());
    }

    @Test
    void fallsBackToAgentJsonWhenTheNewPathIsMissing() {
        agent.answer("/.well-known/agent.json", 200, V03_CARD);
        A2AClient client = A2AClient.builder().connect(agent.base() + "/");
        assertEquals("Old", client.card().name());
        assertEquals(client.card().trace(), client.discoveryTrace().subList(0, 2));
        assertEquals(Endpoint.JSONRPC_0_3, client.endpoint());
        assertEquals(agent.base() + "/legacy", client.agentInterface().url());
        assertTrue(client.discoveryTrace().get(0).contains("agent-card.json -> HTTP 404"), client.discoveryTrace().toString());
    }

    @Test
    void aBaseUrlWithAPathIsTriedBeforeItsOrigin() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD);
        A2AClient client = A2AClient.builder().connect(agent.base() + "/team/agent");
        assertEquals("Agent", client.card().name());
        assertEquals(List.of(URI.create(agent.base() + "/team/agent/.well-known/agent-card.json"),
                URI.create(agent.base() + "/team/agent/.well-known/agent.json"),
                URI.create(agent.base() + "/.well-known/agent-card.json"),
                URI.create(agent.base() + "/.well-known/agent.json")),
                Discovery.candidates(URI.create(agent.base() + "/team/agent/")));
    }

    @Test
    void aCardDocumentUrlIsFetchedAsIs() {
        agent.answer("/cards/mine.json", 200, V1_CARD);
        PeerCard card = A2AClient.builder().discover(agent.base() + "/cards/mine.json");
        assertEquals("Agent", card.name());
        assertEquals(URI.create(agent.base() + "/cards/mine.json"), card.cardUrl());
    }

    @Test
    void noCardAnywhereIsAClientErrorNamingEveryAttempt() {
        A2AClientException e = assertThrows(A2AClientException.class, () -> A2AClient.builder().discover(agent.base()));
        assertTrue(e.getMessage().contains("agent.json -> HTTP 404"), e.getMessage());
    }

    @Test
    void theCardIsFetchedWithoutAVersionAndCallsNameTheChosenLine() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD).answer("/rpc", 200, TASK);
        A2AClient client = A2AClient.builder().connect(agent.base());
        Task task = client.getTask("t1");
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertNull(agent.received.get(0).header("A2A-Version"));
        FakeAgent.Received call = agent.received.get(1);
        assertEquals("/rpc", call.path());
        assertEquals("1.0", call.header("A2A-Version"));
        assertTrue(call.body().contains("\"method\":\"GetTask\""), call.body());
    }

    @Test
    void theDefaultOrderIsJsonRpcThenRestThenJsonRpc03WhateverTheCardOrder() {
        List<AgentInterface> offered = List.of(
                new AgentInterface("http://a/03", "JSONRPC", ProtocolVersion.V0_3),
                new AgentInterface("http://a/rest", "HTTP+JSON", ProtocolVersion.V1_0),
                new AgentInterface("http://a/grpc", "GRPC", ProtocolVersion.V1_0));
        assertEquals("http://a/rest", InterfaceChoice.choose(offered, List.of()).orElseThrow().agentInterface().url());
        assertEquals(Endpoint.JSONRPC_0_3, InterfaceChoice.choose(offered.subList(0, 1), List.of()).orElseThrow().endpoint());
        assertTrue(InterfaceChoice.choose(offered.subList(2, 3), List.of()).isEmpty());
    }

    @Test
    void anExplicitPreferenceOverridesTheDefaultOrder() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD);
        A2AClient client = A2AClient.builder().prefer(Endpoint.HTTP_JSON_1_0).connect(agent.base());
        assertEquals(Endpoint.HTTP_JSON_1_0, client.endpoint());
        assertEquals(agent.base() + "/rest", client.agentInterface().url());
        assertThrows(A2AClientException.class,
                () -> A2AClient.builder().prefer(Endpoint.JSONRPC_0_3).connect(agent.base()));
        assertEquals(Endpoint.JSONRPC_0_3, Endpoint.parse("jsonrpc-0.3").orElseThrow());
        assertEquals(Endpoint.HTTP_JSON_1_0, Endpoint.parse("rest").orElseThrow());
    }

    @Test
    void aDiscoveryDocumentWithBothLinesOffers10First() {
        String merged = V1_CARD.replace("\"skills\":[]", "\"skills\":[],\"url\":\"$BASE/rpc\",\"protocolVersion\":\"0.3.0\"");
        List<AgentInterface> interfaces = CardReader.interfaces(URI.create(agent.base()),
                jakarta.json.Json.createReader(new java.io.StringReader(merged.replace("$BASE", agent.base()))).readObject());
        assertEquals(ProtocolVersion.V1_0, interfaces.get(0).protocolVersion());
        assertEquals(ProtocolVersion.V0_3, interfaces.get(interfaces.size() - 1).protocolVersion());
    }

    @Test
    void aGrpcInterfaceIsKeptAsHostAndPortAndABrokenUrlSpoilsNothingElse() {
        String card = """
                {"name":"a","supportedInterfaces":[
                 {"url":"agent.example.com:443","protocolBinding":"GRPC","protocolVersion":"1.0"},
                 {"url":"http://bad host/x","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},
                 {"url":"$BASE/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}""";
        List<AgentInterface> interfaces = CardReader.interfaces(URI.create(agent.base()),
                jakarta.json.Json.createReader(new java.io.StringReader(card.replace("$BASE", agent.base()))).readObject());
        assertEquals(List.of("GRPC agent.example.com:443", "JSONRPC " + agent.base() + "/rpc"), interfaces.stream()
                .map(i -> i.protocolBinding() + " " + i.url()).toList());
        assertEquals(Endpoint.JSONRPC_1_0, InterfaceChoice.choose(interfaces, List.of()).orElseThrow().endpoint(),
                "the client speaks JSON-RPC and HTTP+JSON, and passes gRPC by");
        String legacy = """
                {"name":"a","url":"$BASE/rpc","protocolVersion":"0.3.0","additionalInterfaces":[
                 {"url":"agent.example.com:443","transport":"GRPC"}]}""";
        assertEquals(List.of("JSONRPC", "GRPC"), CardReader.interfaces(URI.create(agent.base()), jakarta.json.Json
                .createReader(new java.io.StringReader(legacy.replace("$BASE", agent.base()))).readObject()).stream()
                .map(AgentInterface::protocolBinding).toList(), "a 0.3 card's gRPC interface too");
    }

    @Test
    void jsonRpcErrorsBecomeTypedExceptionsWithCodeAndReason() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD).answer("/rpc", 200, """
                {"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found",
                 "data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND"}]}}""");
        A2ARemoteException e = assertThrows(A2ARemoteException.class,
                () -> A2AClient.builder().connect(agent.base()).getTask("nope"));
        assertEquals(-32001, e.code());
        assertEquals("TASK_NOT_FOUND", e.reason());
        assertEquals(A2AError.TASK_NOT_FOUND, e.error().orElseThrow());
    }

    @Test
    void restErrorsBecomeTheSameTypedExceptions() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD).answer("/rest/tasks/nope", 404, """
                {"error":{"code":404,"status":"NOT_FOUND","message":"Task not found",
                 "details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND"}]}}""");
        A2ARemoteException e = assertThrows(A2ARemoteException.class,
                () -> A2AClient.builder().prefer(Endpoint.HTTP_JSON_1_0).connect(agent.base()).getTask("nope"));
        assertEquals(-32001, e.code());
        assertEquals("TASK_NOT_FOUND", e.reason());
        assertEquals(404, e.httpStatus());
    }

    @Test
    void aNonA2AAnswerIsAClientExceptionNotARawStatus() {
        agent.answer("/.well-known/agent-card.json", 200, V1_CARD).answer("/rpc", 502, "text/html", "<html>bad gateway");
        A2AClientException e = assertThrows(A2AClientException.class,
                () -> A2AClient.builder().connect(agent.base()).getTask("t"));
        assertEquals(502, e.httpStatus());
        assertTrue(!(e instanceof A2ARemoteException));
    }

    @Test
    void the03LineSpeaksKindTaggedShapes() {
        agent.answer("/.well-known/agent-card.json", 200, V03_CARD).answer("/legacy", 200, """
                {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t9","contextId":"c",
                 "status":{"state":"input-required","timestamp":"2026-01-01T00:00:00Z"},
                 "history":[{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"hi"}]}]}}""");
        A2AClient client = A2AClient.builder().connect(agent.base());
        var result = client.send("hello");
        Task task = (Task) result;
        assertEquals(TaskState.INPUT_REQUIRED, task.status().state());
        assertEquals("hi", task.history().get(0).parts().get(0).text());
        FakeAgent.Received call = agent.received.get(agent.received.size() - 1);
        assertEquals("0.3", call.header("A2A-Version"));
        assertTrue(call.body().contains("\"method\":\"message/send\""), call.body());
        assertTrue(call.body().contains("\"kind\":\"text\"") && call.body().contains("\"role\":\"user\""), call.body());
        assertTrue(call.body().contains("\"blocking\":true"), call.body());
    }
}
