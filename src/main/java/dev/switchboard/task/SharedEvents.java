package dev.switchboard.task;

import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskNotices;
import java.util.HashSet;
import java.util.List;
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
 * their numbers, without a read.
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

    /** One query for the tasks served here, none when there are none; then what a notice would do. */
    @Override
    public void catchUp() {
        Set<String> served = new HashSet<>(context.events().listenedTasks());
        served.addAll(context.runningTasks());
        if (!served.isEmpty()) {
            context.store().lastSeqs(served).forEach(this::deliver);
        }
    }

    private void deliver(String taskId, long lastSeq) {
        Optional<TaskRun> stopped = context.events().locked(taskId, () -> {
            TaskRun run = context.running(taskId);
            long published = context.events().published(taskId);
            long known = published >= 0 ? published : run != null ? run.seen() : Long.MAX_VALUE;
            if (lastSeq <= known) {
                return Optional.empty();
            }
            Optional<StoredTask> read = context.store().find(taskId);
            if (read.isEmpty()) {
                return Optional.empty();
            }
            StoredTask stored = read.get();
            if (published >= 0 && stored.lastSeq() > published) {
                // the task first, then its log up to the task: each event goes out with the task as
                // it stands after them; anything later is announced, and read, next
                List<StoredEvent> missed = context.store().eventsAfter(taskId, published).stream()
                        .filter(event -> event.seq() <= stored.lastSeq()).toList();
                context.events().publishStoredElsewhere(taskId, missed, stored.task());
            }
            if (run == null) {
                return Optional.empty();
            }
            run.seen(stored.lastSeq());
            // the run's own last word is in its latest snapshot: a terminal state it did not store came from elsewhere
            boolean endedElsewhere = stored.task().status().state().isTerminal()
                    && !run.latest().status().state().isTerminal();
            return endedElsewhere ? Optional.of(run) : Optional.empty();
        });
        // outside the lock, as CancelTask does: the agent's cleanup may report and take it
        stopped.ifPresent(TaskRun::cancel);
    }
}
