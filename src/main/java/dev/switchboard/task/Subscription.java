package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.StoredEvent;
import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client's stream of a task. Events are queued by the publishing thread and written by a
 * shared writer pool, one at a time per stream, so a slow client never stalls the agent. A client
 * that falls too far behind is cut off; it can resume with {@code Last-Event-ID}.
 */
final class Subscription implements TaskListener {
    private static final int MAX_QUEUED = 10_000;

    private record Item(long seq, StreamEvent event, boolean end) {
    }

    private final String taskId;
    private final EventSink sink;
    private final Executor writers;
    private final TaskEvents events;
    private final boolean endWithTurn;
    private final Queue<Item> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long lastSeq;

    /**
     * @param afterSeq    events up to this number were delivered already and are skipped
     * @param endWithTurn end when the agent's turn ends (a SendStreamingMessage stream), rather
     *                    than only at a terminal state (SubscribeToTask)
     */
    Subscription(String taskId, EventSink sink, Executor writers, TaskEvents events, long afterSeq,
                 boolean endWithTurn) {
        this.taskId = taskId;
        this.sink = sink;
        this.writers = writers;
        this.events = events;
        this.lastSeq = afterSeq;
        this.endWithTurn = endWithTurn;
        sink.whenClosed(this::close);
    }

    /** Queues an event read from the log or a snapshot, before live events start. */
    void deliver(long seq, StreamEvent event) {
        enqueue(new Item(seq, event, false));
    }

    void end() {
        enqueue(new Item(0, null, true));
    }

    @Override
    public void onEvent(StoredEvent event, Task task) {
        if (event.seq() <= lastSeq) {
            return;
        }
        lastSeq = event.seq();
        enqueue(new Item(event.seq(), event.event(), false));
        if (isTerminal(event.event())) {
            end();
        }
    }

    static boolean isTerminal(StreamEvent event) {
        return (event instanceof TaskStatusUpdateEvent update && update.status().state().isTerminal())
                || (event instanceof Task task && task.status().state().isTerminal());
    }

    @Override
    public void onReply(Message message) {
        enqueue(new Item(0, message, false));
        end();
    }

    @Override
    public void onTurnEnded(Task task) {
        if (endWithTurn) {
            end();
        }
    }

    @Override
    public void onFailure(A2AException failure) {
        if (closed.compareAndSet(false, true)) {
            events.remove(taskId, this);
            queue.clear();
            sink.fail(failure);
        }
    }

    private void enqueue(Item item) {
        if (closed.get()) {
            return;
        }
        if (queued.incrementAndGet() > MAX_QUEUED) {
            close();
            return;
        }
        queue.add(item);
        schedule();
    }

    private void schedule() {
        if (draining.compareAndSet(false, true)) {
            try {
                writers.execute(this::drain);
            } catch (RejectedExecutionException e) {
                draining.set(false);
                close();
            }
        }
    }

    private void drain() {
        try {
            Item item;
            while (!closed.get() && (item = queue.poll()) != null) {
                queued.decrementAndGet();
                if (item.end()) {
                    close();
                    return;
                }
                sink.event(item.seq(), item.event());
            }
        } catch (IOException | RuntimeException e) {
            close();
            return;
        } finally {
            draining.set(false);
        }
        if (!queue.isEmpty() && !closed.get()) {
            schedule();
        }
    }

    /** Stops the stream: unregisters it and ends the client's response. Safe to call more than once. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            events.remove(taskId, this);
            queue.clear();
            sink.end();
        }
    }

    boolean isClosed() {
        return closed.get();
    }
}
