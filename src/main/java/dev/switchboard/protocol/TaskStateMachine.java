package dev.switchboard.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules a task's snapshot follows, as pure functions. A terminal task never changes again, so
 * when two writers race to finish a task, the first terminal state stored wins and the other
 * change is declined. A task never returns to SUBMITTED.
 */
public final class TaskStateMachine {
    private TaskStateMachine() {
    }

    /**
     * Moves the task to a new status. The message of the status it leaves (an earlier agent
     * message) moves into the history, so the history stays the conversation in order.
     *
     * @return the new snapshot, or empty when the task is terminal or the move is not allowed
     */
    public static Optional<Task> status(Task task, TaskStatus next) {
        TaskState current = task.status().state();
        if (current.isTerminal() || next.state() == TaskState.UNSPECIFIED
                || (next.state() == TaskState.SUBMITTED && current != TaskState.SUBMITTED)) {
            return Optional.empty();
        }
        List<Message> history = task.history();
        Message previous = task.status().message();
        if (previous != null && !history.contains(previous)) {
            history = new ArrayList<>(history);
            history.add(previous);
        }
        return Optional.of(new Task(task.id(), task.contextId(), next, task.artifacts(), history, task.metadata()));
    }

    /**
     * Adds an artifact, replaces the one with the same id, or with {@code append} extends it.
     *
     * @return the new snapshot, or empty when the task is terminal
     */
    public static Optional<Task> artifact(Task task, Artifact artifact, boolean append) {
        if (task.status().state().isTerminal()) {
            return Optional.empty();
        }
        List<Artifact> artifacts = new ArrayList<>(task.artifacts());
        int index = indexOf(artifacts, artifact.artifactId());
        if (index < 0) {
            artifacts.add(artifact);
        } else if (append) {
            Artifact existing = artifacts.get(index);
            List<Part> parts = new ArrayList<>(existing.parts());
            parts.addAll(artifact.parts());
            artifacts.set(index, new Artifact(existing.artifactId(),
                    artifact.name() != null ? artifact.name() : existing.name(),
                    artifact.description() != null ? artifact.description() : existing.description(), parts,
                    artifact.metadata() != null ? artifact.metadata() : existing.metadata(),
                    artifact.extensions().isEmpty() ? existing.extensions() : artifact.extensions()));
        } else {
            artifacts.set(index, artifact);
        }
        return Optional.of(task.withArtifacts(artifacts));
    }

    /**
     * Records a caller's follow-up message on a task waiting for it or still working.
     *
     * @return the new snapshot, or empty when the task is terminal
     */
    public static Optional<Task> followUp(Task task, Message message) {
        if (task.status().state().isTerminal()) {
            return Optional.empty();
        }
        List<Message> history = new ArrayList<>(task.history());
        Message previous = task.status().message();
        if (previous != null && !history.contains(previous)) {
            history.add(previous);
        }
        history.add(message);
        return Optional.of(new Task(task.id(), task.contextId(),
                new TaskStatus(task.status().state(), null, task.status().timestamp()), task.artifacts(), history,
                task.metadata()));
    }

    private static int indexOf(List<Artifact> artifacts, String artifactId) {
        for (int i = 0; i < artifacts.size(); i++) {
            if (artifacts.get(i).artifactId().equals(artifactId)) {
                return i;
            }
        }
        return -1;
    }
}
