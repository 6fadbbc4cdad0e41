package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One client's stream of a task. Events are queued by the publishing thread and written by a
 * shared writer pool, one at a time per stream, so a slow client never stalls the agent. A client
 * that falls too far behind is cut off; it can resume with {@code Last-Event-ID}. Events are queued
 * under the task's lock only, so the last one queued is known without further locking.
 */
final class Subscription implements TaskListener {
    private static final int MAX_QUEUED = 10_000;

    private record Item(long seq, StreamEvent event, boolean end) {
    }

    private final String taskId;
    private final EventSink sink;
    private final Executor writers;
    private final TaskEvents events;
    private final TaskRun turn;
    private final StreamRules rules;
    private final Queue<Item> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long lastSeq;
    private volatile StreamEvent lastQueued;
    private volatile boolean ending;
    private volatile Consumer<StoredTask> repeat;

    /**
     * @param afterSeq events up to this number were delivered already and are skipped
     * @param turn     the agent's turn whose end also ends the stream (a SendStreamingMessage
     *                 stream), or null to end only when the task's state closes it (SubscribeToTask)
     * @param rules    when the caller's protocol line closes a stream, and with what
     */
    Subscription(String taskId, EventSink sink, Executor writers, TaskEvents events, long afterSeq,
                 TaskRun turn, StreamRules rules) {
        this.taskId = taskId;
        this.sink = sink;
        this.writers = writers;
        this.events = events;
        this.lastSeq = afterSeq;
        this.turn = turn;
        this.rules = rules;
        sink.whenClosed(this::close);
    }

    /** Queues an event read from the log or a snapshot, before live events start. */
    void deliver(long seq, StreamEvent event) {
        enqueue(new Item(seq, event, false));
    }

    void end() {
        enqueue(new Item(0, null, true));
        ending = true;
    }

    /** Whether the task, in this state, closes the stream. */
    boolean closesAt(Task task) {
        return rules.closesAt(task.status().state());
    }

    /**
     * Ends the stream because its task settled: where the line wants it, after a status update in
     * the task's state, unless that is what the stream sent last (a Task in that state is not).
     */
    void settle(Task task) {
        if (rules.endsWithStatusUpdate() && !(lastQueued instanceof TaskStatusUpdateEvent update
                && update.status().state() == task.status().state())) {
            deliver(lastSeq, new TaskStatusUpdateEvent(task.id(), task.contextId(), task.status(), null));
        }
        end();
    }

    @Override
    public void onEvent(StoredEvent event, Task task) {
        if (event.seq() <= lastSeq) {
            return;
        }
        lastSeq = event.seq();
        enqueue(new Item(event.seq(), event.event(), false));
        if (closes(event.event())) {
            settle(task);
        }
    }

    private boolean closes(StreamEvent event) {
        return (event instanceof TaskStatusUpdateEvent update && rules.closesAt(update.status().state()))
                || (event instanceof Task task && closesAt(task));
    }

    @Override
    public void onReply(Message message) {
        enqueue(new Item(0, message, false));
        end();
    }

    @Override
    public void onTurnEnded(TaskRun ended, Task task) {
        if (turn != null && ended == turn) {
            if (closesAt(task)) {
                settle(task);
            } else {
                end();
            }
        }
    }

    /**
     * Where the stream goes on when its send turns out to repeat an earlier one (see
     * {@link TaskListener#onRepeat}): to the task that send created. Runs on a writer thread, so
     * that it may take that task's lock whatever lock the publisher holds.
     */
    void whenRepeat(Consumer<StoredTask> follow) {
        this.repeat = follow;
    }

    @Override
    public void onRepeat(StoredTask existing) {
        Consumer<StoredTask> follow = repeat;
        if (follow == null) {
            close();
            return;
        }
        // nothing was written yet (this task was never stored), so the sink passes on untouched
        if (closed.compareAndSet(false, true)) {
            events.remove(taskId, this);
            queue.clear();
            try {
                writers.execute(() -> follow.accept(existing));
            } catch (RejectedExecutionException e) {
                sink.end();
            }
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
        if (closed.get() || ending) {
            return;
        }
        lastQueued = item.event();
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
