package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.eventually;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.TaskQuery;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A first send whose messageId the caller sent before is answered with the task that message
 * created, as it is now: no second task, no second run of the agent; also when the two sends race.
 */
class IdempotentSendTest extends ServiceTesting {
    private static final int RACERS = 8;
    private static final int ROUNDS = 5;

    private final AtomicInteger runs = new AtomicInteger();

    @Override
    TaskService service(AgentExecutor agent) {
        return super.service((request, updater) -> {
            runs.incrementAndGet();
            agent.execute(request, updater);
        });
    }

    private long tasksOf(String owner) {
        return harness.store.list(new TaskQuery(owner, null, null, null, null, 100)).totalSize();
    }

    /** A service whose agent reports working, then completes once {@code go} opens. */
    private TaskService heldAgent(CountDownLatch go) {
        return service((request, updater) -> {
            updater.working("on it");
            go.await();
            updater.complete("done");
        });
    }

    /** The task a first send made, once its agent reported working. */
    private Task workingTask(TaskService service, Message message, String owner) throws Exception {
        Task first = awaitTask(service.send(request(message, null, true), by(owner)));
        eventually(() -> harness.storedState(first.id()) == TaskState.WORKING, "the agent's first report");
        return first;
    }

    private static String owner() {
        return "anon:" + UUID.randomUUID();
    }

    @Test
    void aRepeatIsAnsweredWithTheTaskAsItIsNowAndRunsNoAgent() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        TaskService service = heldAgent(go);
        String alice = owner();
        Message message = user("question", null, null);
        Task first = workingTask(service, message, alice);

        Task repeat = awaitTask(service.send(request(message), by(alice)));
        assertEquals(first.id(), repeat.id());
        assertEquals(TaskState.WORKING, repeat.status().state(), "answered at once, as the task is now");

        go.countDown();
        eventually(() -> harness.storedState(first.id()) == TaskState.COMPLETED, "the task to complete");
        Task later = awaitTask(service.send(request(message, 1, false), by(alice)));
        assertEquals(first.id(), later.id());
        assertEquals(TaskState.COMPLETED, later.status().state());
        assertEquals(1, later.history().size(), "the repeat's historyLength applies");
        assertEquals(1, runs.get(), "the agent ran for the first send only");
        assertEquals(1, tasksOf(alice));
    }

    @Test
    void anotherCallersSameMessageIdIsAnotherMessage() throws Exception {
        TaskService service = service((request, updater) -> updater.complete("done"));
        String alice = owner();
        String bob = owner();
        Message message = user("question", null, null);
        Task mine = awaitTask(service.send(request(message), by(alice)));
        Task theirs = awaitTask(service.send(request(message), by(bob)));
        assertNotEquals(mine.id(), theirs.id());
        assertEquals(theirs.id(), awaitTask(service.send(request(message), by(bob))).id());
        assertEquals(mine.id(), awaitTask(service.send(request(message), by(alice))).id());
        assertEquals(2, runs.get());
    }

    @Test
    void theOperatorsRepeatsAreCaughtThoughItsTasksHaveNoOwner() throws Exception {
        TaskService service = service((request, updater) -> updater.complete("done"));
        Message message = user("question", null, null);
        Task first = awaitTask(service.send(request(message), operator()));
        assertEquals(first.id(), awaitTask(service.send(request(message), operator())).id());
        assertNotEquals(first.id(), awaitTask(service.send(request(message), by(owner()))).id(),
                "a caller with an owner is not the operator");
        assertEquals(2, runs.get());
    }

    @Test
    void aMessageWithATaskIdContinuesTheTaskWhateverItsMessageId() throws Exception {
        TaskService service = service((request, updater) -> {
            if (request.task() == null) {
                updater.requireInput("which one?");
            } else {
                updater.complete("that one");
            }
        });
        String alice = owner();
        Message message = user("book a room", null, null);
        Task task = awaitTask(service.send(request(message), by(alice)));
        assertEquals(TaskState.INPUT_REQUIRED, task.status().state());
        Message followUp = new Message(message.messageId(), null, task.id(), message.role(), message.parts(), null,
                List.of(), List.of());
        Task continued = awaitTask(service.send(request(followUp), by(alice)));
        assertEquals(task.id(), continued.id());
        assertEquals(TaskState.COMPLETED, continued.status().state());
        assertEquals(2, runs.get());
    }

    /** How the racing sends store their task. */
    enum Race {
        /** Blocking sends; each agent's first report creates the task. */
        AGENT_REPORTS,
        /** Blocking sends of an agent that reports nothing: the end of its turn creates the task. */
        AGENT_SILENT,
        /** returnImmediately: the task is created before the agent starts. */
        RETURN_IMMEDIATELY
    }

    @ParameterizedTest
    @EnumSource(Race.class)
    void racingRepeatsAllGetTheOneTask(Race race) throws Exception {
        TaskService service = service((request, updater) -> {
            // long enough for every racer to find no task yet and reach the store's create
            Thread.sleep(150);
            if (race != Race.AGENT_SILENT) {
                updater.complete("done");
            }
        });
        ExecutorService clients = Executors.newFixedThreadPool(RACERS);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                String alice = owner();
                Message message = user("question " + round, null, null);
                SendMessageRequest request = request(message, null, race == Race.RETURN_IMMEDIATELY);
                CyclicBarrier start = new CyclicBarrier(RACERS);
                List<Future<Task>> answers = new ArrayList<>();
                for (int i = 0; i < RACERS; i++) {
                    answers.add(clients.submit(() -> {
                        start.await();
                        return awaitTask(service.send(request, by(alice)));
                    }));
                }
                Set<String> ids = new HashSet<>();
                for (Future<Task> answer : answers) {
                    ids.add(answer.get(ServiceHarness.TIMEOUT_SECONDS, TimeUnit.SECONDS).id());
                }
                assertEquals(1, ids.size(), "every racer got the same task: " + ids);
                assertEquals(1, tasksOf(alice), "one task stored");
                assertEquals(alice, harness.store.find(ids.iterator().next()).orElseThrow().owner());
            }
            if (race != Race.RETURN_IMMEDIATELY) {
                assertTrue(runs.get() > ROUNDS, "racers got past the lookup to the store: " + runs.get() + " runs");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void aRepeatedStreamStartsWithTheTaskAsItIsThenFollowsIt() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        TaskService service = heldAgent(go);
        String alice = owner();
        Message message = user("question", null, null);
        Task first = workingTask(service, message, alice);

        RecordingSink sink = new RecordingSink();
        service.stream(request(message), by(alice), sink);
        eventually(() -> !sink.entries.isEmpty(), "the snapshot");
        Task snapshot = assertInstanceOf(Task.class, sink.entries.get(0).event());
        assertEquals(first.id(), snapshot.id());
        assertEquals(TaskState.WORKING, snapshot.status().state());
        assertEquals(harness.store.find(first.id()).orElseThrow().lastSeq(), sink.entries.get(0).seq());

        go.countDown();
        sink.awaitEnd();
        StreamEvent last = sink.events().get(sink.events().size() - 1);
        assertEquals(TaskState.COMPLETED, assertInstanceOf(TaskStatusUpdateEvent.class, last).status().state());
        assertEquals(1, runs.get());
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"V1_0", "V0_3"})
    void aRepeatedStreamOfAFinishedTaskIsTheTaskAndItsEnd(ProtocolVersion line) throws Exception {
        TaskService service = service((request, updater) -> updater.complete("done"));
        String alice = owner();
        Message message = user("question", null, null);
        Task first = awaitTask(service.send(request(message), by(alice)));

        RecordingSink sink = new RecordingSink();
        service.stream(request(message), by(alice, line), sink);
        sink.awaitEnd();
        Task snapshot = assertInstanceOf(Task.class, sink.events().get(0));
        assertEquals(first.id(), snapshot.id());
        assertEquals(TaskState.COMPLETED, snapshot.status().state());
        // 0.3 clients wait for a final status update; 1.0 ends the stream with the task
        assertEquals(line == ProtocolVersion.V0_3 ? 2 : 1, sink.entries.size(), sink.events().toString());
        assertEquals(1, runs.get());
    }

    @Test
    void racingStreamsAllFollowTheOneTask() throws Exception {
        TaskService service = service((request, updater) -> {
            Thread.sleep(150);
            updater.working("on it");
            updater.complete("done");
        });
        String alice = owner();
        SendMessageRequest request = request(user("question", null, null));
        CyclicBarrier start = new CyclicBarrier(RACERS);
        List<RecordingSink> sinks = new ArrayList<>();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            RecordingSink sink = new RecordingSink();
            sinks.add(sink);
            Thread client = new Thread(() -> {
                try {
                    start.await();
                    service.stream(request, by(alice), sink);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            clients.add(client);
            client.start();
        }
        for (Thread client : clients) {
            client.join(TimeUnit.SECONDS.toMillis(ServiceHarness.TIMEOUT_SECONDS));
        }
        Set<String> ids = new HashSet<>();
        for (RecordingSink sink : sinks) {
            sink.awaitEnd();
            StreamEvent first = sink.events().get(0);
            ids.add(assertInstanceOf(Task.class, first).id());
            StreamEvent last = sink.events().get(sink.events().size() - 1);
            assertTrue(last instanceof TaskStatusUpdateEvent update && update.status().state() == TaskState.COMPLETED
                    || last instanceof Task task && task.status().state() == TaskState.COMPLETED, sink.events().toString());
        }
        assertEquals(1, ids.size(), "every stream follows the same task: " + ids);
        assertEquals(1, tasksOf(alice));
        assertTrue(runs.get() > 1, "racers got past the lookup to the store: " + runs.get() + " runs");
    }
}
