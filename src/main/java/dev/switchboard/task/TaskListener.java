package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;

/** Observes one task's stored events as they are published, in log order. */
interface TaskListener {
    /**
     * An event was stored; {@code task} is the snapshot after it (after the last of the events
     * published together). Listeners use the task only to settle, on an event {@link #settles}
     * says yes to; for other events of another instance it may be null, which spares a read.
     */
    void onEvent(StoredEvent event, Task task);

    /** Whether a listener may settle on this event: a Task, or a status update that ends or interrupts it. */
    static boolean settles(StreamEvent event) {
        return event instanceof Task
                || (event instanceof TaskStatusUpdateEvent update
                        && (update.status().state().isTerminal() || update.status().state().isInterrupted()));
    }

    /** The agent answered with a direct message; no task exists. */
    default void onReply(Message message) {
    }

    /**
     * One of the agent's turns on the task ended; {@code task} is the latest snapshot that turn
     * stored. A listener that waits for its own turn ignores an earlier one, whose end can still
     * be on its way when the next turn's listener attaches.
     */
    default void onTurnEnded(TaskRun turn, Task task) {
    }

    /**
     * The send that started this task repeated an earlier first send of the caller's, which another
     * request stored first: the task is never stored, and {@code existing} answers in its place.
     */
    default void onRepeat(StoredTask existing) {
    }

    /** The task could not be stored (the store is unavailable): nothing more will be published. */
    default void onFailure(A2AException failure) {
    }
}
