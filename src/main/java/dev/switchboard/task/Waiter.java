package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import java.util.concurrent.CompletableFuture;

/** A blocking SendMessage waiting for its task to finish, need input, or the agent's turn to end. */
final class Waiter implements TaskListener {
    private final String taskId;
    private final TaskEvents events;
    private final TaskRun turn;
    private final long afterSeq;
    private final CompletableFuture<SendMessageResult> result = new CompletableFuture<>();

    /**
     * @param turn     the turn the send started; only its end answers the send
     * @param afterSeq the task's last event when the send attached: that one and those before it
     *                 answer an earlier send, not this one
     */
    Waiter(String taskId, TaskEvents events, TaskRun turn, long afterSeq) {
        this.taskId = taskId;
        this.events = events;
        this.turn = turn;
        this.afterSeq = afterSeq;
    }

    CompletableFuture<SendMessageResult> result() {
        return result;
    }

    @Override
    public void onEvent(StoredEvent event, Task task) {
        if (event.seq() > afterSeq && settles(event.event())) {
            done(task);
        }
    }

    @Override
    public void onReply(Message message) {
        done(message);
    }

    @Override
    public void onTurnEnded(TaskRun ended, Task task) {
        if (ended == turn) {
            done(task);
        }
    }

    @Override
    public void onRepeat(StoredTask existing) {
        done(existing.task());
    }

    @Override
    public void onFailure(A2AException failure) {
        if (result.completeExceptionally(failure)) {
            events.remove(taskId, this);
        }
    }


    /** A blocking send returns at a status update that ends or interrupts the task (not at a Task). */
    private static boolean settles(StreamEvent event) {
        return event instanceof TaskStatusUpdateEvent && TaskListener.settles(event);
    }

    private void done(SendMessageResult value) {
        if (result.complete(value)) {
            events.remove(taskId, this);
        }
    }
}
