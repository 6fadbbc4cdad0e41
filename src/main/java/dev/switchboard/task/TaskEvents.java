package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Live delivery of stored events to the listeners of each task. Writers hold the task's lock from
 * the store write until publication, so listeners see events in log order, and a listener that
 * registers under the lock after reading the log misses nothing and sees nothing twice.
 */
public final class TaskEvents {
    private static final int STRIPES = 64;

    private final Map<String, List<TaskListener>> listeners = new ConcurrentHashMap<>();
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();

    public TaskEvents() {
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    /** Runs an action while holding the task's lock. */
    <T> T locked(String taskId, Supplier<T> action) {
        ReentrantLock lock = locks[Math.floorMod(taskId.hashCode(), STRIPES)];
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    void add(String taskId, TaskListener listener) {
        listeners.computeIfAbsent(taskId, id -> new CopyOnWriteArrayList<>()).add(listener);
    }

    void remove(String taskId, TaskListener listener) {
        listeners.computeIfPresent(taskId, (id, list) -> {
            list.remove(listener);
            return list.isEmpty() ? null : list;
        });
    }

    /**
     * Runs a quick, non-blocking action after every publication of any task, given the task's id,
     * on the thread that stored its events, such as waking the push delivery.
     */
    public void afterEveryPublish(Consumer<String> watcher) {
        watchers.add(watcher);
    }

    /** Publishes what a write stored. Call with the task's lock held, after the write committed. */
    void publish(String taskId, Appended appended) {
        if (!appended.events().isEmpty()) {
            for (Consumer<String> watcher : watchers) {
                watcher.accept(taskId);
            }
        }
        List<TaskListener> current = listeners.get(taskId);
        if (current == null) {
            return;
        }
        for (StoredEvent event : appended.events()) {
            for (TaskListener listener : current) {
                listener.onEvent(event, appended.task());
            }
        }
    }

    void reply(String taskId, Message message) {
        List<TaskListener> current = listeners.get(taskId);
        if (current != null) {
            current.forEach(listener -> listener.onReply(message));
        }
    }

    void turnEnded(String taskId, TaskRun turn, Task task) {
        List<TaskListener> current = listeners.get(taskId);
        if (current != null) {
            current.forEach(listener -> listener.onTurnEnded(turn, task));
        }
    }

    void repeated(String taskId, StoredTask existing) {
        List<TaskListener> current = listeners.get(taskId);
        if (current != null) {
            List.copyOf(current).forEach(listener -> listener.onRepeat(existing));
        }
    }

    void failed(String taskId, A2AException failure) {
        List<TaskListener> current = listeners.get(taskId);
        if (current != null) {
            List.copyOf(current).forEach(listener -> listener.onFailure(failure));
        }
    }

    /** Open listeners across all tasks: streams and waiting requests. */
    public int listenerCount() {
        return listeners.values().stream().mapToInt(List::size).sum();
    }
}
