package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.await;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskChange;
import dev.switchboard.store.TaskPage;
import dev.switchboard.store.TaskQuery;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A store that cannot be written: whoever waits for the task hears so at once instead of waiting forever. */
class StoreFailureTest {
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final ExecutorService writers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() throws InterruptedException {
        workers.shutdownNow();
        writers.shutdownNow();
        assertTrue(workers.awaitTermination(5, TimeUnit.SECONDS));
    }

    private TaskService service(AgentExecutor agent) {
        return new TaskService(new UnavailableStore(), new TaskEvents(), agent, workers, writers, Clock.systemUTC(),
                "test");
    }

    @Test
    void aBlockingSendFailsWhenTheAnswerCannotBeStored() {
        TaskService service = service((request, updater) -> updater.complete("done"));
        A2AException failure = assertA2AError(A2AError.INTERNAL_ERROR,
                () -> await(service.send(request(user("hi", null, null)), by("alice"))));
        assertEquals("The task store is unavailable", failure.getMessage());
    }

    @Test
    void aBlockingSendFailsWhenAnAgentThatReportedNothingCannotBeStored() {
        TaskService service = service((request, updater) -> { });
        assertA2AError(A2AError.INTERNAL_ERROR,
                () -> await(service.send(request(user("hi", null, null)), by("alice"))));
    }

    @Test
    void aStreamEndsWhenTheTaskCannotBeStored() throws Exception {
        TaskService service = service((request, updater) -> updater.complete("done"));
        RecordingSink sink = new RecordingSink();
        List<A2AException> reported = new java.util.concurrent.CopyOnWriteArrayList<>();
        service.stream(request(user("hi", null, null)), by("alice"), new EventSink() {
            @Override
            public void event(long seq, StreamEvent event) {
                sink.event(seq, event);
            }

            @Override
            public void end() {
                sink.end();
            }

            @Override
            public void fail(A2AException failure) {
                reported.add(failure);
                sink.end();
            }
        });
        sink.awaitEnd();
        assertEquals(List.of(), sink.entries);
        assertEquals(A2AError.INTERNAL_ERROR, reported.get(0).error());
    }

    /** What the store stand-in does while the database cannot be opened. */
    private static final class UnavailableStore implements TaskStore {
        private static A2AException unavailable() {
            return new A2AException(A2AError.INTERNAL_ERROR, "The task store is unavailable");
        }

        @Override
        public Appended create(Task task, String owner, String runner, List<StreamEvent> events) {
            throw unavailable();
        }

        @Override
        public Optional<Appended> update(String taskId, TaskChange change) {
            throw unavailable();
        }

        @Override
        public Optional<StoredTask> find(String taskId) {
            throw unavailable();
        }

        /** Answers, so that a send gets as far as storing its task, which is what these tests are about. */
        @Override
        public Optional<StoredTask> findFirstSend(String owner, String messageId) {
            return Optional.empty();
        }

        @Override
        public List<StoredEvent> eventsAfter(String taskId, long afterSeq) {
            throw unavailable();
        }

        @Override
        public TaskPage list(TaskQuery query) {
            throw unavailable();
        }

        @Override
        public List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit) {
            throw unavailable();
        }

        @Override
        public List<String> runningOn(String runner) {
            throw unavailable();
        }

        @Override
        public int renewLeases(String runner, Collection<String> turns) {
            throw unavailable();
        }

        @Override
        public List<String> expiredLeases(String self) {
            throw unavailable();
        }
    }
}
