package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.A2AClient;
import dev.switchboard.client.A2ARemoteException;
import dev.switchboard.client.Endpoint;
import dev.switchboard.client.EventStream;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The client against a foreign agent: servers built with the official A2A JavaScript SDK (npm
 * {@code @a2a-js/sdk}, installed by the build), its 1.x line for A2A 1.0 (JSON-RPC and HTTP+JSON)
 * and its 0.3.x line for A2A 0.3 (JSON-RPC), on loopback ports the build reserved.
 */
class JsSdkServerIT {
    private static Process v1;
    private static Process v03;
    private static String v1Url;
    private static String v03Url;

    @BeforeAll
    static void startServers() throws Exception {
        v1Url = "http://127.0.0.1:" + System.getProperty("it.js.server.v1.port");
        v03Url = "http://127.0.0.1:" + System.getProperty("it.js.server.v03.port");
        v1 = start("1.0", System.getProperty("it.js.server.v1.port"));
        v03 = start("0.3", System.getProperty("it.js.server.v03.port"));
        awaitCard(v1Url, v1);
        awaitCard(v03Url, v03);
    }

    @AfterAll
    static void stopServers() throws InterruptedException {
        for (Process process : new Process[] {v1, v03}) {
            if (process != null) {
                process.destroy();
                process.waitFor();
            }
        }
    }

    private static Process start(String line, String port) throws IOException {
        File dir = new File(System.getProperty("it.js.server.dir", "target/it-js-server"));
        Path log = Files.createTempFile("js-sdk-server-" + line, ".log");
        return new ProcessBuilder("node", "server.mjs", line, port).directory(dir).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private static void awaitCard(String url, Process process) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the JS SDK server exited with " + process.exitValue());
            }
            try {
                HttpResponse<Void> card = http.send(HttpRequest.newBuilder(URI.create(url + "/.well-known/agent-card.json"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (card.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the JS SDK server at " + url + " did not answer within 60 s");
    }

    private static A2AClient client(Endpoint endpoint) {
        String url = endpoint == Endpoint.JSONRPC_0_3 ? v03Url : v1Url;
        A2AClient client = A2AClient.builder().prefer(endpoint).timeout(Duration.ofSeconds(30)).connect(url);
        assertEquals(endpoint, client.endpoint());
        return client;
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void sendAndGet(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        Task task = assertInstanceOf(Task.class, agent.send("hello " + endpoint));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals("Echo: hello " + endpoint, task.status().message().parts().get(0).text());
        assertEquals("hello " + endpoint, task.artifacts().get(0).parts().get(0).text());
        Task again = agent.getTask(task.id());
        assertEquals(task.id(), again.id());
        assertEquals(TaskState.COMPLETED, again.status().state());
        A2ARemoteException missing = assertThrows(A2ARemoteException.class, () -> agent.getTask("no-such-task"));
        assertEquals(-32001, missing.code());
        assertEquals("TASK_NOT_FOUND", missing.reason());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void stream(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        List<StreamEvent> events = new ArrayList<>();
        try (EventStream stream = agent.stream(A2AClient.userMessage("streamed", null))) {
            stream.forEachRemaining(events::add);
        }
        assertInstanceOf(Task.class, events.get(0));
        assertTrue(events.stream().anyMatch(e -> e instanceof TaskArtifactUpdateEvent a
                && a.artifact().parts().get(0).text().equals("streamed")), events.toString());
        StreamEvent last = events.get(events.size() - 1);
        assertEquals(TaskState.COMPLETED, assertInstanceOf(TaskStatusUpdateEvent.class, last).status().state());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void cancel(Endpoint endpoint) {
        A2AClient agent = client(endpoint);
        Task task = assertInstanceOf(Task.class, agent.send(A2AClient.userMessage("slow", null), true));
        assertTrue(!task.status().state().isTerminal(), task.status().state().name());
        Task canceled = agent.cancelTask(task.id());
        assertEquals(TaskState.CANCELED, canceled.status().state());
        assertEquals(TaskState.CANCELED, agent.getTask(task.id()).status().state());
        // the 1.x SDK answers a second cancel with the canceled task; the 0.3 SDK refuses it
        try {
            assertEquals(TaskState.CANCELED, agent.cancelTask(task.id()).status().state());
        } catch (A2ARemoteException again) {
            assertEquals("TASK_NOT_CANCELABLE", again.reason());
            assertEquals(-32002, again.code());
        }
    }
}
