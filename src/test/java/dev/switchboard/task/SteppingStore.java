package dev.switchboard.task;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskChange;
import dev.switchboard.store.TaskPage;
import dev.switchboard.store.TaskQuery;
import dev.switchboard.store.TaskStore;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A store that lets a test step in between two of the service's calls: an action runs once, on the
 * calling thread, right after a chosen read or write of a task is done, before the caller sees the
 * answer. That is where a caller's snapshot goes stale, so a race that is otherwise a matter of
 * luck happens every time.
 */
final class SteppingStore implements TaskStore {
    private final TaskStore store;
    private volatile String taskId;
    private volatile Runnable action;
    private final AtomicInteger callsLeft = new AtomicInteger();

    SteppingStore(TaskStore store) {
        this.store = store;
    }

    /**
     * Runs {@code action} after the {@code nth} {@link #find} or {@link #update} of the task, or
     * {@link #expiredLeases} that lists it, from now on (1 is the next one).
     */
    void afterCall(int nth, String taskId, Runnable action) {
        this.taskId = taskId;
        this.callsLeft.set(nth);
        this.action = action;
    }

    private <T> T stepped(String id, T answer) {
        Runnable step = action;
        if (step != null && id.equals(taskId) && callsLeft.decrementAndGet() == 0) {
            action = null;
            step.run();
        }
        return answer;
    }

    @Override
    public Optional<StoredTask> find(String id) {
        return stepped(id, store.find(id));
    }

    @Override
    public Optional<Appended> update(String id, TaskChange change) {
        return stepped(id, store.update(id, change));
    }

    @Override
    public Appended create(Task task, String owner, String runner, List<StreamEvent> events) {
        return store.create(task, owner, runner, events);
    }

    @Override
    public Optional<StoredTask> findFirstSend(String owner, String messageId) {
        return store.findFirstSend(owner, messageId);
    }

    @Override
    public List<StoredEvent> eventsAfter(String id, long afterSeq) {
        return store.eventsAfter(id, afterSeq);
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return store.list(query);
    }

    @Override
    public List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit) {
        return store.conversation(contextId, owner, excludingTaskId, limit);
    }

    @Override
    public List<String> runningOn(String runner) {
        return store.runningOn(runner);
    }

    @Override
    public int renewLeases(String runner, Collection<String> turns) {
        return store.renewLeases(runner, turns);
    }

    @Override
    public List<String> expiredLeases(String self) {
        List<String> expired = store.expiredLeases(self);
        expired.forEach(id -> stepped(id, null));
        return expired;
    }
}
