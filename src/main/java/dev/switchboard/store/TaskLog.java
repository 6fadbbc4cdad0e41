package dev.switchboard.store;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.util.List;
import java.util.Objects;

/**
 * A task rebuilt from its event log: a snapshot, or none, then each later entry applied by the
 * rules that produced it ({@link TaskStateMachine}). This is what lets a task's row hold no JSON
 * while its log tells the task whole, so a write encodes the task's history and artifacts once, in
 * its events, and not again in the row at every change.
 */
final class TaskLog {
    /**
     * Entries a row may hold beyond its snapshot before a write stores the snapshot again: a reader
     * (GetTask, the next write) replays at most this many, however long the task's log grows.
     */
    static final int MAX_TAIL = 32;

    private TaskLog() {
    }

    /**
     * @param snapshot the task as of the entry before {@code tail}, or null when the tail starts with
     *                 the task's first entry (the task as submitted)
     * @return the task after the last entry
     * @throws IllegalStateException when the entries do not make a task (a log cut short)
     */
    static Task replay(Task snapshot, List<StreamEvent> tail) {
        Task task = snapshot;
        for (StreamEvent event : tail) {
            task = apply(task, event);
        }
        if (task == null) {
            throw new IllegalStateException("the task's log holds no snapshot to start from");
        }
        return task;
    }

    /**
     * Whether replaying {@code events} on {@code before} gives exactly {@code after}: then the events
     * alone tell the change, and the row need not store {@code after}. A change that the events do
     * not tell in full (a caller's follow-up message enters the history with no event) is not.
     */
    static boolean tells(Task before, List<StreamEvent> events, Task after) {
        try {
            return Objects.equals(replay(before, events), after);
        } catch (IllegalStateException notATask) {
            return false;
        }
    }

    private static Task apply(Task task, StreamEvent event) {
        if (event instanceof Task whole) {
            return whole;
        }
        if (event instanceof Message) {
            return task; // a message told to subscribers is not part of the task
        }
        if (task == null) {
            throw new IllegalStateException("the task's log starts with an update, not the task");
        }
        // a stored entry was a change the rules accepted; one they decline now changes nothing
        if (event instanceof TaskStatusUpdateEvent status) {
            return TaskStateMachine.status(task, status.status()).orElse(task);
        }
        TaskArtifactUpdateEvent artifact = (TaskArtifactUpdateEvent) event;
        return TaskStateMachine.artifact(task, artifact.artifact(), artifact.append()).orElse(task);
    }
}
