package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Live delivery of stored events to the listeners of each task. Writers hold the task's lock from
 * the store write until publication, so listeners see events in log order, and a listener that
 * registers under the lock after reading the log misses nothing and sees nothing twice. When other
 * instances write the same tasks (see {@link SharedEvents}), their events are read from the log and
 * published here under the same lock, in the same order.
 */
public final class TaskEvents {
    private static final int STRIPES = 64;

    /**
     * A task's listeners here, and {@code published}: the sequence number of the last event
     * published to them, read and written under the task's lock. The log after it is what they may
     * lack, which is how events that another instance stored reach them.
     *
     * <p>The mark never exceeds the point any of the listeners attached at (the last event it had
     * when it attached), or a listener would miss what lies between: an entry starts at the point
     * its first listener attached; a later one attaches at what the log holds, which includes
     * everything published here; and the mark moves only over events just published to all of
     * them. It may lie below a later listener's point (another instance's events whose notice is
     * still on its way); then that listener skips the events up to its point by their numbers, as
     * {@link Subscription} and {@link Waiter} do.
     */
    private static final class Listeners {
        final List<TaskListener> list = new CopyOnWriteArrayList<>();
        long published;

        Listeners(long published) {
            this.published = published;
        }
    }

    private final Map<String, Listeners> listeners = new ConcurrentHashMap<>();
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    /** The store, once other instances write to it too; null while this instance alone does. */
    private volatile TaskStore shared;

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

    /**
     * Registers a listener; under the task's lock, after reading the log, unless the task is not
     * stored yet.
     *
     * @param attachedAt the sequence number of the last event the listener has (0 for a task not
     *                   stored yet); it must skip events up to that number
     */
    void add(String taskId, TaskListener listener, long attachedAt) {
        // added inside compute: a last listener leaving at the same time cannot take the new one with it
        listeners.compute(taskId, (id, current) -> {
            Listeners entry = current != null ? current : new Listeners(attachedAt);
            entry.list.add(listener);
            return entry;
        });
    }

    void remove(String taskId, TaskListener listener) {
        listeners.computeIfPresent(taskId, (id, entry) -> {
            entry.list.remove(listener);
            return entry.list.isEmpty() ? null : entry;
        });
    }

    /** From now on other instances store events of the same tasks, which are read from this store. */
    void shareWith(TaskStore store) {
        shared = store;
    }

    /** Whether other instances store events of the same tasks; see {@link #shareWith}. */
    boolean isShared() {
        return shared != null;
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
        Listeners current = listeners.get(taskId);
        if (current == null) {
            return;
        }
        List<StoredEvent> events = appended.events();
        TaskStore store = shared;
        if (store != null && !events.isEmpty() && current.published < events.get(0).seq() - 1) {
            // another instance stored events just before these, and their notice is still on its way
            long first = events.get(0).seq();
            List<StoredEvent> before;
            try {
                before = store.eventsAfter(taskId, current.published).stream()
                        .filter(event -> event.seq() < first).toList();
            } catch (RuntimeException unreadable) {
                // the next catch-up publishes them all, in order; these must not overtake them
                return;
            }
            deliver(current, before, appended.task());
        }
        deliver(current, events, appended.task());
    }

    /**
     * Publishes events another instance stored, which follow those published here. Call with the
     * task's lock held.
     *
     * @param task the task as it stood after the last of them, or null when none of them settles it
     *             ({@link TaskListener#settles}): listeners look at it only then
     */
    void publishStoredElsewhere(String taskId, List<StoredEvent> events, Task task) {
        Listeners current = listeners.get(taskId);
        if (current != null) {
            deliver(current, events, task);
        }
    }

    /** Delivers, in order, the events the listeners were not given yet. */
    private static void deliver(Listeners to, List<StoredEvent> events, Task task) {
        for (StoredEvent event : events) {
            if (event.seq() <= to.published) {
                continue;
            }
            for (TaskListener listener : to.list) {
                listener.onEvent(event, task);
            }
            to.published = event.seq();
        }
    }

    /**
     * The sequence number of the last event published to the task's listeners here, or -1 when it
     * has none. Call with the task's lock held.
     */
    long published(String taskId) {
        Listeners current = listeners.get(taskId);
        return current == null ? -1 : current.published;
    }

    /** Whether anything here listens to the task: a stream, a subscription, a waiting send. */
    boolean isListened(String taskId) {
        return listeners.containsKey(taskId);
    }

    /** The tasks that something here listens to. */
    Set<String> listenedTasks() {
        return Set.copyOf(listeners.keySet());
    }

    void reply(String taskId, Message message) {
        Listeners current = listeners.get(taskId);
        if (current != null) {
            current.list.forEach(listener -> listener.onReply(message));
        }
    }

    void turnEnded(String taskId, TaskRun turn, Task task) {
        Listeners current = listeners.get(taskId);
        if (current != null) {
            current.list.forEach(listener -> listener.onTurnEnded(turn, task));
        }
    }

    void repeated(String taskId, StoredTask existing) {
        Listeners current = listeners.get(taskId);
        if (current != null) {
            List.copyOf(current.list).forEach(listener -> listener.onRepeat(existing));
        }
    }

    void failed(String taskId, A2AException failure) {
        Listeners current = listeners.get(taskId);
        if (current != null) {
            List.copyOf(current.list).forEach(listener -> listener.onFailure(failure));
        }
    }

    /** Open listeners across all tasks: streams and waiting requests. */
    public int listenerCount() {
        return listeners.values().stream().mapToInt(entry -> entry.list.size()).sum();
    }
}
