package dev.switchboard.store;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A task store that is still opening. Opening the database (migrations, then JPA) is most of a
 * cold start, and the card, landing page and health check do not need it; so the server answers
 * them at once, and only the calls that need tasks wait here for the store, for a bounded time.
 */
public final class OpeningTaskStore implements TaskStore {
    /** What the server can say about its store. */
    public enum State { OPENING, OPEN, FAILED }

    private final CompletableFuture<? extends TaskStore> opening;
    private final Duration patience;

    /**
     * @param opening  completes with the open store, or exceptionally when it cannot be opened
     * @param patience how long a call waits for a store that is still opening
     */
    public OpeningTaskStore(CompletableFuture<? extends TaskStore> opening, Duration patience) {
        this.opening = Objects.requireNonNull(opening);
        this.patience = Objects.requireNonNull(patience);
    }

    public State state() {
        if (!opening.isDone()) {
            return State.OPENING;
        }
        return opening.isCompletedExceptionally() ? State.FAILED : State.OPEN;
    }

    private TaskStore open() {
        if (state() == State.OPEN) {
            return opening.join();
        }
        try {
            return opening.get(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new A2AException(A2AError.INTERNAL_ERROR, "The task store is still opening; try again shortly");
        } catch (ExecutionException e) {
            throw new A2AException(A2AError.INTERNAL_ERROR, "The task store is unavailable; see the server log");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new A2AException(A2AError.INTERNAL_ERROR, "Interrupted while waiting for the task store");
        }
    }

    @Override
    public Appended create(Task task, String owner, String runner, List<StreamEvent> events) {
        return open().create(task, owner, runner, events);
    }

    @Override
    public Optional<Appended> update(String taskId, TaskChange change) {
        return open().update(taskId, change);
    }

    @Override
    public Optional<StoredTask> find(String taskId) {
        return open().find(taskId);
    }

    @Override
    public List<StoredEvent> eventsAfter(String taskId, long afterSeq) {
        return open().eventsAfter(taskId, afterSeq);
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return open().list(query);
    }

    @Override
    public List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit) {
        return open().conversation(contextId, owner, excludingTaskId, limit);
    }

    @Override
    public List<String> runningOn(String runner) {
        return open().runningOn(runner);
    }
}
