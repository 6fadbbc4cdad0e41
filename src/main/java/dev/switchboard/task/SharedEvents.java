package dev.switchboard.task;

import dev.switchboard.protocol.Task;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskNotices;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The events that other instances on the same database store, for the tasks this instance serves:
 * those it has streams, subscriptions or waiting sends of, and those it runs. A notice says only how
 * far a task's log goes; the events are read from the log under the task's lock and published
 * exactly as this instance's own writes are (see {@link TaskEvents}), so every client receives them
 * in order and once. When the log shows the task finished elsewhere (canceled on another instance)
 * while its agent runs here, the agent is stopped as CancelTask stops it.
 *
 * <p>Every instance's own notices come back to it too: those are recognised under the lock by
 * their numbers, without a read. Other notices cost one read of the new events; the task itself is
 * read only when one of them settles it (see {@link TaskListener#settles}), which is the only time
 * a listener or the run here looks at it.
 */
public final class SharedEvents implements TaskNotices {
    private final TaskContext context;

    SharedEvents(TaskContext context) {
        this.context = context;
        context.events().shareWith(context.store());
    }

    @Override
    public void stored(String taskId, long lastSeq) {
        // most notices are of tasks nobody here serves: two lookups, no lock, no read
        if (context.events().isListened(taskId) || context.running(taskId) != null) {
            deliver(taskId, lastSeq);
        }
    }

    /** One query for the tasks served here, none when there are none. */
    @Override
    public Map<String, Long> served() {
        Set<String> served = new HashSet<>(context.events().listenedTasks());
        served.addAll(context.runningTasks());
        return served.isEmpty() ? Map.of() : context.store().lastSeqs(served);
    }

    private void deliver(String taskId, long lastSeq) {
        Optional<TaskRun> stopped = context.events().locked(taskId, () -> {
            TaskRun run = context.running(taskId);
            long published = context.events().published(taskId);
            long known = published >= 0 ? published : run != null ? run.seen() : Long.MAX_VALUE;
            if (lastSeq <= known) {
                return Optional.empty();
            }
            List<StoredEvent> fresh = context.store().eventsAfter(taskId, known);
            if (fresh.isEmpty()) {
                return Optional.empty();
            }
            Task settled = null;
            if (fresh.stream().anyMatch(event -> TaskListener.settles(event.event()))) {
                Optional<StoredTask> read = context.store().find(taskId);
                if (read.isEmpty()) {
                    return Optional.empty();
                }
                settled = read.get().task();
                fresh = upTo(taskId, fresh, read.get().lastSeq());
            }
            if (published >= 0) {
                context.events().publishStoredElsewhere(taskId, fresh, settled);
            }
            if (run == null) {
                return Optional.empty();
            }
            run.seen(fresh.get(fresh.size() - 1).seq());
            // the run's own last word is in its latest snapshot: a terminal state it did not store came from elsewhere
            boolean endedElsewhere = settled != null && settled.status().state().isTerminal()
                    && !run.latest().status().state().isTerminal();
            return endedElsewhere ? Optional.of(run) : Optional.empty();
        });
        // outside the lock, as CancelTask does: the agent's cleanup may report and take it
        stopped.ifPresent(TaskRun::cancel);
    }

    /**
     * The events read, extended to the task read after them: each event goes out with the task as it
     * stands after the last one published with it; anything later is announced, and read, next.
     */
    private List<StoredEvent> upTo(String taskId, List<StoredEvent> fresh, long taskSeq) {
        long last = fresh.get(fresh.size() - 1).seq();
        if (taskSeq <= last) {
            return fresh;
        }
        List<StoredEvent> extended = new ArrayList<>(fresh);
        context.store().eventsAfter(taskId, last).stream()
                .filter(event -> event.seq() <= taskSeq)
                .forEach(extended::add);
        return extended;
    }
}
