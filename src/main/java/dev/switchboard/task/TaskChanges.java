package dev.switchboard.task;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.TaskChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stored changes that reports on a task make, as pure functions: the next snapshot by the
 * {@link TaskStateMachine}'s rules and the events that tell it, in the order subscribers see them.
 * Empty when the rules decline the change (the task is terminal, or the move is not allowed).
 */
final class TaskChanges {
    private TaskChanges() {
    }

    /**
     * A new status.
     *
     * @param runner the instance running the task, which keeps it as {@link #runner} says
     */
    static Optional<TaskChange.Result> status(Task task, TaskStatus status, String runner) {
        return conclude(task, List.of(), status, runner);
    }

    /**
     * Artifacts and then a status as one change: one transaction, and subscribers receive the
     * artifact updates and the status update together.
     *
     * @param runner the instance running the task, which keeps it as {@link #runner} says
     */
    static Optional<TaskChange.Result> conclude(Task task, List<Artifact> artifacts, TaskStatus status,
                                               String runner) {
        Task next = task;
        List<StreamEvent> events = new ArrayList<>();
        for (Artifact artifact : artifacts) {
            Optional<Task> changed = TaskStateMachine.artifact(next, artifact, false);
            if (changed.isEmpty()) {
                return Optional.empty();
            }
            next = changed.get();
            events.add(new TaskArtifactUpdateEvent(task.id(), task.contextId(), artifact, false, true, null));
        }
        Optional<Task> done = TaskStateMachine.status(next, status);
        if (done.isEmpty()) {
            return Optional.empty();
        }
        events.add(new TaskStatusUpdateEvent(task.id(), task.contextId(), status, null));
        return Optional.of(new TaskChange.Result(done.get(), events, runner(done.get(), runner)));
    }

    /**
     * One artifact, new, replacing the one with its id, or with {@code append} extending it.
     *
     * @param runner the instance running the task, which keeps it as {@link #runner} says
     */
    static Optional<TaskChange.Result> artifact(Task task, Artifact artifact, boolean append, boolean lastChunk,
                                               String runner) {
        return TaskStateMachine.artifact(task, artifact, append).map(next -> new TaskChange.Result(next,
                List.of(new TaskArtifactUpdateEvent(task.id(), task.contextId(), artifact, append, lastChunk, null)),
                runner(next, runner)));
    }

    /**
     * The instance that runs the task once it is {@code next}: a task that is finished or waits
     * for the client is run by none, so no instance holds a lease on it.
     *
     * @param runner the instance running it until now, or null
     */
    static String runner(Task next, String runner) {
        TaskState state = next.status().state();
        return state.isTerminal() || state.isInterrupted() ? null : runner;
    }
}
