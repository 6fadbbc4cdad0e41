package dev.switchboard.it;

import static dev.switchboard.it.EventFeed.payload;
import static dev.switchboard.it.EventFeed.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.GetTaskRequest;
import com.google.lf.a2a.v1.Part;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.lf.a2a.v1.SubscribeToTaskRequest;
import com.google.lf.a2a.v1.TaskState;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Three instances on one PostgreSQL ({@link Cluster}): a task's events reach the clients of every
 * instance, each event once and in order, whichever instance runs its skill; a blocking send
 * waits across instances; gRPC clients of one instance follow tasks run on another (each
 * instance serves gRPC on an h2c connector of its own); a cancel on one instance stops the skill on
 * another; a killed
 * instance's running tasks are reconciled by the others and no acknowledged task is lost. The
 * three instances are started once for the class; the kill comes last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScaleOutIT {
    static final Duration WITHIN = Duration.ofSeconds(30);
    private static final Set<String> TERMINAL = Set.of("TASK_STATE_COMPLETED", "TASK_STATE_FAILED",
            "TASK_STATE_CANCELED", "TASK_STATE_REJECTED");

    private static Cluster cluster;
    private static Node a;
    private static Node b;
    private static Node c;

    @BeforeAll
    static void startInstances() throws Exception {
        cluster = Cluster.start(true);
        a = new Node("a", cluster.url("a"));
        b = new Node("b", cluster.url("b"));
        c = new Node("c", cluster.url("c"));
    }

    @AfterAll
    static void stopInstances() throws InterruptedException {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void aTaskStreamedOnAIsFollowedOnBAndOnCEveryEventOnceInOrder() throws Exception {
        try (EventFeed onA = a.stream("SendStreamingMessage", JsonRpc.send("chunks:30"))) {
            JsonRpc.Event first = onA.await(events -> !events.isEmpty(), WITHIN, "the task").get(0);
            String taskId = payload(first).getJsonObject("task").getString("id");
            try (EventFeed onB = b.stream("SubscribeToTask", JsonRpc.id(taskId));
                 EventFeed onC = c.stream("SubscribeToTask", JsonRpc.id(taskId), "Last-Event-ID", first.id())) {
                List<JsonRpc.Event> fromA = onA.awaitEnd(WITHIN);
                List<JsonRpc.Event> fromB = onB.awaitEnd(WITHIN);
                List<JsonRpc.Event> fromC = onC.awaitEnd(WITHIN);

                assertEquals("TASK_STATE_COMPLETED", state(last(fromA)));
                assertConsecutive(fromA);
                assertEquals(30, fromA.stream().filter(event -> payload(event).containsKey("artifactUpdate")).count());
                assertSameEvents(fromA.subList(1, fromA.size()), fromC, "C, resumed after A's first event");

                JsonRpc.Event snapshot = fromB.get(0);
                assertFalse(TERMINAL.contains(state(snapshot)), "B subscribed while A's skill worked: " + snapshot);
                List<JsonRpc.Event> live = fromB.subList(1, fromB.size());
                assertFalse(live.isEmpty(), "B got the events after its snapshot");
                if (snapshot.id() != null) {
                    assertEquals(seq(snapshot) + 1, seq(live.get(0)), "nothing between the snapshot and the first event");
                }
                int at = ids(fromA).indexOf(live.get(0).id());
                assertTrue(at > 0, "B's first live event is one of A's: " + live.get(0));
                assertSameEvents(fromA.subList(at, fromA.size()), live, "B, after its snapshot");
            }
        }
    }

    @Test
    @Order(2)
    void aStreamDroppedOnBIsResumedOnAWithLastEventIdNothingMissedNothingTwice() throws Exception {
        String taskId = c.rest("POST", "/a2a/rest/message:send", Node.send("chunks:50", true).toString())
                .getJsonObject("task").getString("id");
        String subscribe = "/a2a/rest/tasks/" + taskId + ":subscribe";
        List<JsonRpc.Event> beforeDrop;
        try (EventFeed onB = b.restStream("GET", subscribe, null, "Last-Event-ID", "0")) {
            beforeDrop = onB.await(events -> events.size() >= 5, WITHIN, "five events on B");
        }
        assertFalse(TERMINAL.contains(c.state(taskId)), "the drop came while C's skill worked");
        List<JsonRpc.Event> afterDrop;
        try (EventFeed onA = a.restStream("GET", subscribe, null, "Last-Event-ID", last(beforeDrop).id())) {
            afterDrop = onA.awaitEnd(WITHIN);
        }
        List<JsonRpc.Event> seen = new ArrayList<>(beforeDrop);
        seen.addAll(afterDrop);
        assertEquals("TASK_STATE_COMPLETED", state(last(seen)));
        assertConsecutive(seen);
        assertSameEvents(b.log(taskId), seen, "B's events then A's");
    }

    /**
     * B's skill works for 20 s; the cancel stored on C ends the task. B's waiting send must be
     * woken by that event of another instance's, not by its own skill finishing much later.
     */
    @Test
    @Order(3)
    void aBlockingSendOnBIsAnsweredByTheCancelStoredOnC() throws Exception {
        String contextId = UUID.randomUUID().toString();
        JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.message("slow:20000")
                .add("contextId", contextId)).build();
        CompletableFuture<JsonObject> answer = CompletableFuture.supplyAsync(() -> b.rpc.result("SendMessage", params));
        JsonObject listing = Json.createObjectBuilder().add("contextId", contextId).build();
        String taskId = c.poll(() -> c.rpc.result("ListTasks", listing).getJsonArray("tasks"),
                tasks -> !tasks.isEmpty(), WITHIN, "the task B started").getJsonObject(0).getString("id");
        assertEquals("TASK_STATE_CANCELED", c.rpc.result("CancelTask", JsonRpc.id(taskId)).getJsonObject("status")
                .getString("state"));
        JsonObject task = answer.get(10, TimeUnit.SECONDS).getJsonObject("task");
        assertEquals(taskId, task.getString("id"));
        assertEquals("TASK_STATE_CANCELED", task.getJsonObject("status").getString("state"));
    }

    /**
     * A's turn ended waiting for input; B takes the follow-up: the interrupted task, its history
     * and its context cross instances, B's skill runs the follow-up turn and B's blocking send is
     * answered; every instance then reads one task and one log.
     */
    @Test
    @Order(4)
    void aTaskWaitingForInputOnAIsContinuedByABlockingSendOnB() throws Exception {
        JsonObject waiting = a.rest("POST", "/a2a/rest/message:send", JsonRpc.send("input").toString())
                .getJsonObject("task");
        assertEquals("TASK_STATE_INPUT_REQUIRED", waiting.getJsonObject("status").getString("state"));
        String taskId = waiting.getString("id");
        JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("more").add("taskId", taskId)
                .add("contextId", waiting.getString("contextId"))).build();
        JsonObject done = b.rest("POST", "/a2a/rest/message:send", followUp.toString()).getJsonObject("task");
        assertEquals("TASK_STATE_COMPLETED", done.getJsonObject("status").getString("state"));
        assertEquals("Thanks for: more", done.getJsonObject("status").getJsonObject("message").getJsonArray("parts")
                .getJsonObject(0).getString("text"), "B's skill ran the follow-up turn");
        for (Node node : List.of(a, c)) {
            JsonObject read = node.getTask(taskId);
            assertEquals("TASK_STATE_COMPLETED", read.getJsonObject("status").getString("state"), node.name);
            assertEquals(List.of("input", "more"), read.getJsonArray("history").stream()
                    .map(message -> message.asJsonObject()).filter(message -> message.getString("role").equals("ROLE_USER"))
                    .map(message -> message.getJsonArray("parts").getJsonObject(0).getString("text")).toList(), node.name);
        }
        assertSameEvents(a.log(taskId), c.log(taskId), "the log read on A and on C");
    }

    @Test
    @Order(5)
    void aCancelOnCStopsTheSkillRunningOnA() throws Exception {
        a.poll(a::runningAgents, running -> running == 0, WITHIN, "no skill running yet");
        try (EventFeed onA = a.stream("SendStreamingMessage", JsonRpc.send("chunks:150"))) {
            List<JsonRpc.Event> early = onA.await(events -> events.stream()
                    .filter(event -> payload(event).containsKey("artifactUpdate")).count() >= 3, WITHIN, "three chunks");
            String taskId = payload(early.get(0)).getJsonObject("task").getString("id");
            assertEquals(1, a.runningAgents(), "the skill works on A");

            assertEquals("TASK_STATE_CANCELED", c.rpc.result("CancelTask", JsonRpc.id(taskId))
                    .getJsonObject("status").getString("state"));
            List<JsonRpc.Event> fromA = onA.awaitEnd(Duration.ofSeconds(10));
            assertEquals("TASK_STATE_CANCELED", state(last(fromA)), "A's stream ends with the cancel");
            // the skill has 15 s of chunks left: only the cancel reaching it ends it this soon
            a.poll(a::runningAgents, running -> running == 0, Duration.ofSeconds(5), "A's skill stopped");
            List<JsonRpc.Event> log = b.log(taskId);
            assertEquals("TASK_STATE_CANCELED", state(last(log)), "nothing stored after the cancel");
            assertSameEvents(log, fromA, "A's stream");
        }
    }

    @Test
    @Order(6)
    void listTasksIsTheSameFromEveryInstanceAndItsPageTokensWorkOnAnyOther() throws Exception {
        String caller = "caller-scale-out-" + UUID.randomUUID();
        Node front = new Node("front", cluster.front());
        for (int i = 0; i < 7; i++) {
            front.rest("POST", "/a2a/rest/message:send", JsonRpc.send(i % 3 == 0 ? "input" : "listed " + i).toString(),
                    "X-Switchboard-Caller-Key", caller);
        }
        List<JsonObject> fromA = pages(List.of(a, a, a), caller);
        assertEquals(7, fromA.get(0).getInt("totalSize"));
        assertEquals(3, fromA.size(), "pages of 3, 3 and 1");
        assertEquals(fromA, pages(List.of(b, b, b), caller), "B's pages");
        assertEquals(fromA, pages(List.of(c, c, c), caller), "C's pages");
        assertEquals(fromA, pages(List.of(a, b, c), caller), "A's token on B, B's on C");
        assertEquals(fromA, pages(List.of(c, a, b), caller), "C's token on A, A's on B");
    }

    /** ListTasks in pages of 3, each page asked of the next node, with the token the page before gave. */
    private static List<JsonObject> pages(List<Node> nodes, String caller) {
        List<JsonObject> pages = new ArrayList<>();
        String token = "";
        for (Node node : nodes) {
            JsonObject page = node.rest("GET", "/a2a/rest/tasks?pageSize=3"
                    + (token.isEmpty() ? "" : "&pageToken=" + URLEncoder.encode(token, StandardCharsets.UTF_8)), null,
                    "X-Switchboard-Caller-Key", caller);
            pages.add(page);
            token = page.getString("nextPageToken", "");
            if (token.isEmpty()) {
                break;
            }
        }
        return pages;
    }

    /**
     * Tasks started through the front run on every instance; each webhook gets each event of its
     * task's log once, in order, and a refused event again once per retry: no second instance
     * sends what one claimed. Two of the webhooks refuse their first two deliveries.
     */
    @Test
    @Order(7)
    void eachEventReachesItsWebhookOncePerAttempt() throws Exception {
        Node front = new Node("front", cluster.front());
        try (WebhookReceiver webhook = new WebhookReceiver()) {
            List<String[]> sent = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                String path = "/hook-" + i;
                int refusals = i >= 4 ? 2 : 0;
                webhook.failNext(path, refusals);
                JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("chunks:3"))
                        .add("configuration", Json.createObjectBuilder().add("taskPushNotificationConfig",
                                Json.createObjectBuilder().add("url", webhook.url(path)).add("token", "token-" + i)))
                        .build();
                String taskId = front.rpc.result("SendMessage", params).getJsonObject("task").getString("id");
                sent.add(new String[] {taskId, path, Integer.toString(refusals)});
            }
            List<List<JsonObject>> expected = new ArrayList<>();
            for (String[] task : sent) {
                List<JsonObject> log = front.log(task[0]).stream().map(EventFeed::payload).toList();
                List<JsonObject> attempts = new ArrayList<>();
                for (int retry = 0; retry < Integer.parseInt(task[2]); retry++) {
                    attempts.add(log.get(0));
                }
                attempts.addAll(log);
                expected.add(attempts);
                webhook.await(task[1], got -> got.size() >= attempts.size(), 60);
            }
            // a second sender would come within a claim's lifetime: wait that long once for it
            Thread.sleep(TimeUnit.SECONDS.toMillis(2L * Cluster.LEASE_SECONDS));
            for (int i = 0; i < sent.size(); i++) {
                assertEquals(expected.get(i), webhook.on(sent.get(i)[1]).stream().map(WebhookReceiver.Delivery::json)
                        .toList(), "deliveries to " + sent.get(i)[1]);
            }
        }
    }

    /** The official JavaScript SDK clients (1.0 and 0.3) through the front: each call may land elsewhere. */
    @ParameterizedTest
    @CsvSource({"it.js.dir, target/it-js, interop.mjs, JSONRPC, 5 passed",
            "it.js.dir, target/it-js, interop.mjs, HTTP+JSON, 5 passed",
            "it.js03.dir, target/it-js03, interop03.mjs, JSONRPC, 6 passed",
            "it.js03.dir, target/it-js03, interop03.mjs, HTTP+JSON, 6 passed"})
    @Order(8)
    void theOfficialInteropSuitePassesThroughTheRoundRobinFront(String dirProperty, String dirDefault, String script,
                                                                 String binding, String passed) throws Exception {
        Map<String, Integer> before = cluster.served();
        Process node = new ProcessBuilder("node", script, cluster.front().toString().replaceAll("/$", ""), binding)
                .directory(new File(System.getProperty(dirProperty, dirDefault))).redirectErrorStream(true).start();
        boolean finished = node.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            node.destroyForcibly();
        }
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println(output);
        assertTrue(finished, "the interop client finished: " + output);
        assertTrue(output.contains(passed + ", 0 failed"), output);
        Map<String, Integer> after = cluster.served();
        for (String instance : after.keySet()) {
            assertTrue(after.get(instance) > before.getOrDefault(instance, 0), instance + " served some: " + after);
        }
    }

    /**
     * gRPC beside JSON-RPC across instances: a gRPC subscriber on B follows a task whose skill runs
     * on A, streamed there over JSON-RPC, to its end; GetTask over gRPC on C returns it as stored.
     */
    @Test
    @Order(9)
    void aGrpcSubscriberOnBFollowsATaskStreamedOnAAndGrpcGetTaskOnCAgrees() throws Exception {
        ManagedChannel toB = grpcChannel("b");
        ManagedChannel toC = grpcChannel("c");
        try (EventFeed onA = a.stream("SendStreamingMessage", JsonRpc.send("chunks:20"))) {
            JsonRpc.Event first = onA.await(events -> !events.isEmpty(), WITHIN, "the task").get(0);
            String taskId = payload(first).getJsonObject("task").getString("id");
            List<StreamResponse> fromB = new ArrayList<>();
            grpc(toB).subscribeToTask(SubscribeToTaskRequest.newBuilder().setId(taskId).build())
                    .forEachRemaining(fromB::add);
            List<JsonRpc.Event> fromA = onA.awaitEnd(WITHIN);

            assertTrue(fromB.get(0).hasTask(), "a subscription starts with the task: " + fromB.get(0));
            assertFalse(TERMINAL.contains(fromB.get(0).getTask().getStatus().getState().name()),
                    "B subscribed while A's skill worked");
            List<String> chunksOnA = fromA.stream().filter(event -> payload(event).containsKey("artifactUpdate"))
                    .map(event -> payload(event).getJsonObject("artifactUpdate").getJsonObject("artifact")
                            .getJsonArray("parts").getJsonObject(0).getString("text")).toList();
            List<String> chunksOnB = fromB.stream().filter(StreamResponse::hasArtifactUpdate)
                    .map(event -> event.getArtifactUpdate().getArtifact().getParts(0).getText()).toList();
            assertEquals(20, chunksOnA.size());
            assertFalse(chunksOnB.isEmpty(), "B got chunks stored on A after it subscribed");
            assertEquals(chunksOnA.subList(chunksOnA.size() - chunksOnB.size(), chunksOnA.size()), chunksOnB,
                    "B's chunks are the last of A's, once each, in order");
            assertEquals(TaskState.TASK_STATE_COMPLETED,
                    fromB.get(fromB.size() - 1).getStatusUpdate().getStatus().getState(), "B's stream ends completed");

            com.google.lf.a2a.v1.Task onC = grpc(toC).getTask(GetTaskRequest.newBuilder().setId(taskId).build());
            assertEquals(TaskState.TASK_STATE_COMPLETED, onC.getStatus().getState());
            assertEquals(String.join("", chunksOnA), onC.getArtifactsList().stream()
                    .flatMap(artifact -> artifact.getPartsList().stream()).map(Part::getText)
                    .collect(Collectors.joining()), "C's stored artifact holds every chunk");
        } finally {
            for (ManagedChannel channel : List.of(toB, toC)) {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static ManagedChannel grpcChannel(String instance) {
        return NettyChannelBuilder.forTarget(cluster.grpcTarget(instance)).usePlaintext().build();
    }

    private static A2AServiceGrpc.A2AServiceBlockingStub grpc(ManagedChannel channel) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("a2a-version", Metadata.ASCII_STRING_MARSHALLER), "1.0");
        return A2AServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(WITHIN.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * kill -9 of A while its skills work: once their leases expire, B and C fail its running tasks
     * with the restart message, keep its interrupted one, and read every task acknowledged before.
     */
    @Test
    @Order(10)
    void killingAMidTaskLosesNoAcknowledgedTaskAndItsRunningTasksAreReconciledElsewhere() throws Exception {
        List<String> completed = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            completed.add(a.rpc.result("SendMessage", JsonRpc.send("kept " + i)).getJsonObject("task").getString("id"));
        }
        completed.add(b.rpc.result("SendMessage", JsonRpc.send("kept on b")).getJsonObject("task").getString("id"));
        String waiting = a.rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
        List<String> running = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            running.add(a.rpc.result("SendMessage", Node.send("slow:120000", true)).getJsonObject("task").getString("id"));
        }
        a.poll(a::runningAgents, agents -> agents == 2, WITHIN, "both skills working");

        cluster.kill("a");
        long killed = System.nanoTime();
        for (String taskId : running) {
            JsonObject failed = b.poll(() -> b.getTask(taskId), task -> task.getJsonObject("status").getString("state")
                    .equals("TASK_STATE_FAILED"), Duration.ofSeconds(45), "A's running task reconciled");
            assertTrue(failed.getJsonObject("status").getJsonObject("message").getJsonArray("parts").getJsonObject(0)
                    .getString("text").contains("send the message again"), failed.toString());
        }
        System.out.printf("A's running tasks reconciled %d ms after the kill (lease %d s)%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed), Cluster.LEASE_SECONDS);
        for (Node node : List.of(b, c)) {
            for (String taskId : completed) {
                assertEquals("TASK_STATE_COMPLETED", node.state(taskId), node + " reads " + taskId);
            }
            assertEquals("TASK_STATE_INPUT_REQUIRED", node.state(waiting), "an interrupted task is kept");
            for (String taskId : running) {
                assertEquals("TASK_STATE_FAILED", node.state(taskId), node + " reads " + taskId);
            }
        }
    }

    /** The events' ids in order. */
    static List<String> ids(List<JsonRpc.Event> events) {
        return events.stream().map(JsonRpc.Event::id).toList();
    }

    static long seq(JsonRpc.Event event) {
        return Long.parseLong(event.id());
    }

    static JsonRpc.Event last(List<JsonRpc.Event> events) {
        assertFalse(events.isEmpty(), "no events");
        return events.get(events.size() - 1);
    }

    /** Each event once, none left out: every id one more than the one before. */
    static void assertConsecutive(List<JsonRpc.Event> events) {
        for (int i = 1; i < events.size(); i++) {
            assertEquals(seq(events.get(i - 1)) + 1, seq(events.get(i)), "no gap, no repeat: " + ids(events));
        }
    }

    /** The same events, by id and by what they carry, in the same order. */
    static void assertSameEvents(List<JsonRpc.Event> expected, List<JsonRpc.Event> actual, String what) {
        assertEquals(ids(expected), ids(actual), what + ": ids");
        assertEquals(expected.stream().map(EventFeed::payload).toList(),
                actual.stream().map(EventFeed::payload).toList(), what + ": events");
    }
}
