package dev.switchboard.client;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The events of a streaming call, in order, as a blocking iterator. It ends when the agent closes
 * the stream after the task settled. If the connection breaks or ends before the task reached a
 * terminal or interrupted state,
 * it reconnects once per break (up to {@code maxReconnects} times) by subscribing to the task with
 * {@code Last-Event-ID}, so no event is lost or repeated when the agent numbers its events.
 *
 * <p>Not thread-safe, except {@link #close()}, which any thread may call to cancel the stream; a
 * blocked {@link #hasNext()} then ends with an {@link A2AClientException}.
 */
public final class EventStream implements Iterator<StreamEvent>, AutoCloseable {
    private final Function<String, StreamEvent> decoder;
    private final BiFunction<String, String, InputStream> resubscribe;
    private final int maxReconnects;
    private final int maxEventBytes;
    private SseReader reader;
    private StreamEvent next;
    private boolean finished;
    private volatile boolean closed;
    private String taskId;
    private String lastEventId;
    private boolean settled;
    private int reconnects;

    /**
     * @param decoder     reads one event's data; throws {@link A2ARemoteException} for an error event
     * @param resubscribe opens the stream again for (task id, last event id)
     * @param maxEventBytes the most bytes of one line or event: a larger one ends the stream with an
     *                      {@link A2AClientException}
     */
    EventStream(InputStream first, Function<String, StreamEvent> decoder,
                BiFunction<String, String, InputStream> resubscribe, int maxReconnects, int maxEventBytes) {
        this.reader = new SseReader(first, maxEventBytes);
        this.decoder = decoder;
        this.resubscribe = resubscribe;
        this.maxReconnects = maxReconnects;
        this.maxEventBytes = maxEventBytes;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !finished) {
            try {
                SseReader.Event event = reader.next();
                if (event == null) {
                    // an end before the task settled is a cut connection (a proxy's idle timeout, say)
                    if (settled || taskId == null || closed) {
                        finish();
                        break;
                    }
                    reconnect(null);
                    continue;
                }
                lastEventId = event.id() == null ? lastEventId : event.id();
                StreamEvent decoded = decoder.apply(event.data());
                remember(decoded);
                next = decoded;
            } catch (IOException e) {
                if (closed) {
                    finish();
                    throw new A2AClientException("the stream was cancelled", e);
                }
                reconnect(e);
            } catch (RuntimeException e) {
                finish();
                throw e;
            }
        }
        return next != null;
    }

    @Override
    public StreamEvent next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        StreamEvent event = next;
        next = null;
        return event;
    }

    /** The id of the last event received, as the agent numbered it; null if it numbers none. */
    public String lastEventId() {
        return lastEventId;
    }

    private void remember(StreamEvent event) {
        TaskState state = null;
        if (event instanceof Task task) {
            taskId = task.id();
            state = task.status().state();
        } else if (event instanceof TaskStatusUpdateEvent update) {
            taskId = update.taskId();
            state = update.status().state();
        } else if (event instanceof TaskArtifactUpdateEvent update) {
            taskId = update.taskId();
        } else if (event instanceof Message) {
            settled = true;
        }
        if (state != null && (state.isTerminal() || state.isInterrupted())) {
            settled = true;
        }
    }

    private void reconnect(IOException cause) {
        closeQuietly();
        if (settled || taskId == null || reconnects >= maxReconnects) {
            finish();
            if (settled) {
                return;
            }
            throw new A2AClientException("the event stream broke off: "
                    + (cause == null ? "ended early" : HttpCaller.describe(cause)), cause);
        }
        reconnects++;
        reader = new SseReader(resubscribe.apply(taskId, lastEventId), maxEventBytes);
    }

    private void finish() {
        finished = true;
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            reader.close();
        } catch (IOException e) {
            // nothing more to read either way
        }
    }

    /** Stops the stream and releases the connection. */
    @Override
    public void close() {
        closed = true;
        closeQuietly();
    }
}
