package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.observe.Metrics;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.function.Executable;

/** A TaskService over a real store, with its pools, for one test; and the helpers the service tests share. */
final class ServiceHarness implements AutoCloseable {
    static final long TIMEOUT_SECONDS = 5;

    final JpaTaskStore store;
    final TaskEvents events = new TaskEvents();
    final TaskService service;
    private final ExecutorService workers = Executors.newFixedThreadPool(8);
    private final ExecutorService writers = Executors.newFixedThreadPool(2);

    ServiceHarness(TaskDatabase db, AgentExecutor agent) {
        this(db, agent, UnaryOperator.identity());
    }

    /** @param wrap what the service sees of the store, for a test that steps in between its calls */
    ServiceHarness(TaskDatabase db, AgentExecutor agent, UnaryOperator<TaskStore> wrap) {
        this.store = new JpaTaskStore(db.entityManagerFactory(), new StoreTesting.TickingClock(Clock.systemUTC()
                .instant()));
        this.service = new TaskService(wrap.apply(store), events, agent, workers, writers, Clock.systemUTC(),
                "test");
    }

    /**
     * One instance of several sharing a database.
     *
     * @param runner its instance id
     * @param clock  the time of its store and service alike, which the test may move
     * @param lease  how long its hold on a task it runs lasts
     */
    ServiceHarness(TaskDatabase db, AgentExecutor agent, String runner, Clock clock, Duration lease,
                   UnaryOperator<TaskStore> wrap) {
        this.store = new JpaTaskStore(db.entityManagerFactory(), clock, true, Metrics.off(), lease);
        this.service = new TaskService(wrap.apply(store), events, agent, workers, writers, clock, runner);
    }

    @Override
    public void close() throws InterruptedException {
        workers.shutdownNow();
        writers.shutdownNow();
        assertTrue(workers.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS), "agents stopped");
        assertTrue(writers.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS), "writers stopped");
    }

    static Message user(String text, String contextId, String taskId) {
        return new Message(UUID.randomUUID().toString(), contextId, taskId, Role.USER, List.of(Part.text(text)),
                null, List.of(), List.of());
    }

    static SendMessageRequest request(Message message) {
        return new SendMessageRequest(null, message, null, null);
    }

    static SendMessageRequest request(Message message, Integer historyLength, boolean returnImmediately) {
        return new SendMessageRequest(null, message,
                new SendMessageConfiguration(List.of(), null, historyLength, returnImmediately), null);
    }

    static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    static Task awaitTask(CompletionStage<SendMessageResult> stage) throws Exception {
        SendMessageResult result = await(stage);
        if (result instanceof Task task) {
            return task;
        }
        throw new AssertionError("expected a task, got " + result);
    }

    static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "timed out waiting for " + what);
    }

    /** Waits without being interruptible, as an agent that ignores cancellation would. */
    static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                if (!latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Polls until the condition holds, for at most the test timeout. */
    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    /** Asserts the call fails with this A2A error, also when it fails through a future. */
    static A2AException assertA2AError(A2AError expected, Executable call) {
        Throwable thrown = assertThrows(Throwable.class, call);
        if (thrown instanceof ExecutionException || thrown instanceof java.util.concurrent.CompletionException) {
            thrown = thrown.getCause();
        }
        if (!(thrown instanceof A2AException a2a)) {
            throw new AssertionError("expected A2AException " + expected + ", got " + thrown, thrown);
        }
        assertEquals(expected, a2a.error(), a2a.getMessage());
        return a2a;
    }

    TaskState storedState(String taskId) {
        return store.find(taskId).orElseThrow().task().status().state();
    }

    /** The states of the task's status-update events, in log order. */
    List<TaskState> loggedStates(String taskId) {
        return store.eventsAfter(taskId, 0).stream().map(StoredEvent::event)
                .filter(TaskStatusUpdateEvent.class::isInstance)
                .map(e -> ((TaskStatusUpdateEvent) e).status().state()).toList();
    }

    static String text(Message message) {
        return message.parts().get(0).text();
    }
}
