package dev.switchboard.task;

import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.await;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.eventually;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.TaskUpdater;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskNotices;
import dev.switchboard.store.TestPostgres;
import dev.switchboard.store.TaskStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two instances, A and B, each with its own pool, JPA unit and task service, on one PostgreSQL:
 * what a run on one stores reaches the streams, subscriptions and waiting sends on the other, in
 * order and once, and a cancellation stored on one stops the agent running on the other.
 */
class SharedEventsTest {
    private static final int CHUNKS = 40;

    private static String url;
    private static TaskDatabase dbA;
    private static TaskDatabase dbB;
    /** Each database starts listening once; the tests' services come and go behind these. */
    private static final Relay RELAY_A = new Relay();
    private static final Relay RELAY_B = new Relay();
    private ServiceHarness a;
    private ServiceHarness b;

    /**
     * Passes notices on to the current test's service, unless the test makes it lose them. The
     * listener hands what a catch-up finds over as notices too: losing notices keeps those.
     */
    private static final class Relay implements TaskNotices {
        volatile TaskNotices target;
        volatile boolean loseNotices;
        volatile boolean loseCatchUps;
        private final Set<String> caughtUp = ConcurrentHashMap.newKeySet();

        @Override
        public void stored(String taskId, long lastSeq) {
            TaskNotices to = target;
            boolean fromCatchUp = caughtUp.remove(taskId + "@" + lastSeq);
            if (to != null && (!loseNotices || fromCatchUp)) {
                to.stored(taskId, lastSeq);
            }
        }

        @Override
        public Map<String, Long> served() {
            TaskNotices to = target;
            Map<String, Long> served = to != null && !loseCatchUps ? to.served() : Map.of();
            served.forEach((taskId, lastSeq) -> caughtUp.add(taskId + "@" + lastSeq));
            return served;
        }
    }

    @BeforeAll
    static void openBoth() {
        url = TestPostgres.shared().createDatabase();
        dbA = TaskDatabase.open(url, null, null, 4).sharingEvents(() -> RELAY_A);
        dbB = TaskDatabase.open(url, null, null, 4).sharingEvents(() -> RELAY_B);
    }

    @AfterAll
    static void closeBoth() {
        for (TaskDatabase db : new TaskDatabase[] {dbA, dbB}) {
            if (db != null) {
                db.close();
            }
        }
    }

    @AfterEach
    void stopServices() throws InterruptedException {
        for (Relay relay : List.of(RELAY_A, RELAY_B)) {
            relay.target = null;
            relay.loseNotices = false;
            relay.loseCatchUps = false;
        }
        for (ServiceHarness harness : new ServiceHarness[] {a, b}) {
            if (harness != null) {
                harness.close();
            }
        }
    }

    private void start(AgentExecutor onA, AgentExecutor onB) {
        a = new ServiceHarness(dbA, onA);
        b = new ServiceHarness(dbB, onB);
        RELAY_A.target = a.service.sharedEvents();
        RELAY_B.target = b.service.sharedEvents();
    }

    /** Leaves the notices alone to carry the events: what they miss, nothing catches up. */
    private static void noticesOnly() {
        RELAY_A.loseCatchUps = true;
        RELAY_B.loseCatchUps = true;
    }

    private static final AgentExecutor IDLE = (request, updater) -> {
        throw new AssertionError("nothing runs here");
    };

    /** Works, waits for {@code go}, streams chunks, completes. */
    private static AgentExecutor producer(AtomicReference<String> taskId, CountDownLatch go) {
        return (request, updater) -> {
            taskId.set(request.taskId());
            updater.working();
            go.await();
            for (int i = 0; i < CHUNKS; i++) {
                updater.artifactChunk(Artifact.of("out", null, List.of(Part.text(Integer.toString(i)))), i > 0,
                        i == CHUNKS - 1);
            }
            updater.complete("done");
        };
    }

    /** Works, then blocks until it is cancelled; {@code canceled} counts the cancel hook's calls. */
    private static AgentExecutor blocker(AtomicReference<String> taskId, CountDownLatch working,
                                         CountDownLatch canceled) {
        return new AgentExecutor() {
            @Override
            public void execute(AgentRequest request, TaskUpdater updater) throws InterruptedException {
                taskId.set(request.taskId());
                updater.working();
                working.countDown();
                new CountDownLatch(1).await(); // until cancel interrupts
            }

            @Override
            public void cancel(AgentRequest request, TaskUpdater updater) {
                canceled.countDown();
            }
        };
    }

    /** The client saw the task as it was when it subscribed, then exactly the log after it, and the end. */
    private static void assertSawTheLogOnce(RecordingSink sink, ServiceHarness on, String taskId) {
        Task first = assertInstanceOf(Task.class, sink.events().get(0));
        long from = sink.seqs().get(0);
        List<StoredEvent> log = on.store.eventsAfter(taskId, from);
        assertEquals(log.stream().map(StoredEvent::seq).toList(), sink.seqs().subList(1, sink.seqs().size()),
                "every event after the first snapshot, in order, once");
        assertEquals(log.stream().map(event -> shape(event.event())).toList(),
                sink.events().subList(1, sink.events().size()).stream().map(SharedEventsTest::shape).toList());
        assertEquals(taskId, first.id());
        assertEquals(1, sink.ends.get());
        assertEquals(0, sink.eventsAfterEnd.get());
    }

    /** What tells events apart here: an event published where it was stored keeps its finer timestamp. */
    private static String shape(StreamEvent event) {
        if (event instanceof TaskStatusUpdateEvent update) {
            return "status " + update.status().state();
        }
        if (event instanceof TaskArtifactUpdateEvent chunk) {
            return "chunk " + chunk.artifact().parts().get(0).text() + (chunk.lastChunk() ? " last" : "");
        }
        return event.getClass().getSimpleName();
    }

    @Test
    void aSubscriptionOnOneInstanceReceivesEveryEventARunOnTheOtherStoresInOrderOnceAndEnds() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        start(producer(taskId, go), IDLE);
        noticesOnly();
        Task created = awaitTask(a.service.send(request(user("go", null, null), null, true), operator()));
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, created.id()), null, operator(), sink);
        go.countDown();
        sink.awaitEnd();

        assertSawTheLogOnce(sink, b, created.id());
        StoredEvent last = b.store.eventsAfter(created.id(), 0).get(CHUNKS + 2);
        assertEquals(TaskState.COMPLETED, assertInstanceOf(TaskStatusUpdateEvent.class, last.event()).status().state());
        assertEquals(last.seq(), (long) sink.seqs().get(sink.seqs().size() - 1), "it ends after the completion");
        eventually(() -> b.events.listenerCount() == 0, "the subscription to let go");
    }

    @Test
    void progressOfTheOtherInstanceCostsAReadOfItsEventsAndTheTaskIsReadOnlyWhenItSettles() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean counting = new AtomicBoolean();
        AtomicInteger taskReads = new AtomicInteger();
        AtomicInteger eventReads = new AtomicInteger();
        a = new ServiceHarness(dbA, producer(taskId, go));
        b = new ServiceHarness(dbB, IDLE, store -> (TaskStore) Proxy.newProxyInstance(TaskStore.class.getClassLoader(),
                new Class<?>[] {TaskStore.class}, (proxy, method, args) -> {
                    if (counting.get() && method.getName().equals("find")) {
                        taskReads.incrementAndGet();
                    }
                    if (counting.get() && method.getName().equals("eventsAfter")) {
                        eventReads.incrementAndGet();
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
        RELAY_A.target = a.service.sharedEvents();
        RELAY_B.target = b.service.sharedEvents();
        noticesOnly();
        Task created = awaitTask(a.service.send(request(user("go", null, null), null, true), operator()));
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, created.id()), null, operator(), sink);
        counting.set(true);
        go.countDown();
        sink.awaitEnd();

        assertSawTheLogOnce(sink, b, created.id());
        assertTrue(eventReads.get() >= 1, "the chunks were read from the log");
        assertEquals(1, taskReads.get(), "the task is read for the completion only, not for each of "
                + eventReads.get() + " reads of chunks");
    }

    @Test
    void aClientResumingWithLastEventIdOnTheOtherInstanceMissesNothingAndSeesNothingTwice() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        start(producer(taskId, go), IDLE);
        noticesOnly();
        RecordingSink onA = new RecordingSink();
        a.service.stream(request(user("go", null, null)), operator(), onA);
        eventually(() -> onA.entries.size() >= 2, "the task and its working state on A");
        assertEquals(List.of(1L, 2L), onA.seqs());

        RecordingSink onB = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, taskId.get()), 1L, operator(), onB);
        go.countDown();
        onB.awaitEnd();
        onA.awaitEnd();

        List<StoredEvent> log = b.store.eventsAfter(taskId.get(), 1);
        assertEquals(log.stream().map(StoredEvent::seq).toList(), onB.seqs());
        assertEquals(log.stream().map(event -> shape(event.event())).toList(),
                onB.events().stream().map(SharedEventsTest::shape).toList());
        assertEquals(onA.seqs().subList(1, onA.seqs().size()), onB.seqs(), "B resumed where the client left A");
        assertEquals(1, onB.ends.get());
    }

    @Test
    void aBlockingSendIsAnsweredWhenTheOtherInstanceStoresTheCancellationAndItsAgentStops() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch canceled = new CountDownLatch(1);
        start(IDLE, blocker(taskId, working, canceled));
        noticesOnly();
        CompletableFuture<SendMessageResult> sent = b.service.send(request(user("work", null, null)), operator())
                .toCompletableFuture();
        await(working, "the agent on B to work");

        Task stored = a.service.cancel(new CancelTaskRequest(null, taskId.get(), null), operator());
        assertEquals(TaskState.CANCELED, stored.status().state());
        Task answer = awaitTask(sent);

        assertEquals(TaskState.CANCELED, answer.status().state());
        await(canceled, "the agent on B to hear of its cancellation");
        eventually(() -> b.service.runningCount() == 0, "the run on B to end");
        assertEquals(List.of(TaskState.WORKING, TaskState.CANCELED), b.loggedStates(taskId.get()));
    }

    @Test
    void aCancellationStoredOnOneInstanceStopsTheAgentRunningOnTheOther() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch canceled = new CountDownLatch(1);
        start(blocker(taskId, working, canceled), IDLE);
        noticesOnly();
        // nothing listens on A: its run alone makes A care about the task
        awaitTask(a.service.send(request(user("work", null, null), null, true), operator()));
        await(working, "the agent on A to work");
        assertEquals(0, a.events.listenerCount());

        b.service.cancel(new CancelTaskRequest(null, taskId.get(), null), operator());

        await(canceled, "the agent on A to hear of its cancellation");
        eventually(() -> a.service.runningCount() == 0, "the run on A to end");
        assertEquals(List.of(TaskState.WORKING, TaskState.CANCELED), a.loggedStates(taskId.get()));
    }

    @Test
    void eventsStoredWhileTheListeningConnectionsAreKilledStillArriveInOrder() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        start(producer(taskId, go), IDLE);
        Task created = awaitTask(a.service.send(request(user("go", null, null), null, true), operator()));
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, created.id()), null, operator(), sink);

        try (Connection admin = DriverManager.getConnection(url); Statement kill = admin.createStatement();
             ResultSet killed = kill.executeQuery("select pg_terminate_backend(pid) from pg_stat_activity"
                     + " where application_name = 'switchboard-notices' and datname = current_database()")) {
            int count = 0;
            while (killed.next()) {
                assertTrue(killed.getBoolean(1));
                count++;
            }
            assertEquals(2, count, "A's and B's listening sessions");
        }
        go.countDown();
        sink.awaitEnd();

        assertSawTheLogOnce(sink, b, created.id());
    }

    @Test
    void aWriteHereAfterEventsOfTheOtherInstanceNotYetHeardPublishesThoseFirst() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        AgentExecutor chunksThenWaits = (request, updater) -> {
            taskId.set(request.taskId());
            updater.working();
            go.await();
            for (int i = 0; i < 3; i++) {
                updater.artifactChunk(Artifact.of("out", null, List.of(Part.text(Integer.toString(i)))), i > 0, false);
            }
            new CountDownLatch(1).await(); // until cancel interrupts
        };
        start(chunksThenWaits, IDLE);
        Task created = awaitTask(a.service.send(request(user("go", null, null), null, true), operator()));
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, created.id()), null, operator(), sink);
        eventually(() -> sink.seqs().contains(2L), "the working state on B");
        RELAY_B.loseNotices = true;
        RELAY_B.loseCatchUps = true;
        go.countDown();
        eventually(() -> b.store.find(created.id()).orElseThrow().lastSeq() == 5, "the chunks stored on A");
        Thread.sleep(50);
        assertEquals(2L, sink.seqs().get(sink.seqs().size() - 1), "B heard nothing of the chunks yet");

        b.service.cancel(new CancelTaskRequest(null, created.id(), null), operator());
        sink.awaitEnd();

        assertSawTheLogOnce(sink, b, created.id());
        assertEquals(List.of(3L, 4L, 5L, 6L), sink.seqs().subList(sink.seqs().size() - 4, sink.seqs().size()));
    }

    @Test
    void withEveryNoticeLostThePeriodicCheckStillDeliversEverythingInOrder() throws Exception {
        AtomicReference<String> taskId = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        start(producer(taskId, go), IDLE);
        Task created = awaitTask(a.service.send(request(user("go", null, null), null, true), operator()));
        RELAY_B.loseNotices = true;
        RecordingSink sink = new RecordingSink();
        b.service.subscribe(new SubscribeToTaskRequest(null, created.id()), null, operator(), sink);
        go.countDown();
        sink.awaitEnd();

        assertSawTheLogOnce(sink, b, created.id());
        assertEquals(TaskState.COMPLETED, b.storedState(created.id()));
    }

    @Test
    void noticesOfTasksNobodyHereServesCostNoRead() {
        TaskStore unreadable = (TaskStore) Proxy.newProxyInstance(TaskStore.class.getClassLoader(),
                new Class<?>[] {TaskStore.class}, (proxy, method, args) -> {
                    throw new AssertionError("the store was read: " + method.getName());
                });
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            TaskNotices notices = new TaskService(unreadable, new TaskEvents(), IDLE, pool, pool, Clock.systemUTC(),
                    "idle").sharedEvents();
            notices.stored("someone-elses", 7);
            assertEquals(Map.of(), notices.served());
        } finally {
            pool.shutdownNow();
        }
    }
}
