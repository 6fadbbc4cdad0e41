package dev.switchboard.web.binding;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.task.EventSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * A Server-Sent Events response: {@code id:} is the event's number in the task's log, {@code data:}
 * one JSON document on one line. The response opens with the first event, so that a failure
 * before it can still be answered as a plain error. Idle streams get comment heartbeats, which
 * also reveal clients that went away.
 */
public final class SseStream implements EventSink {
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);

    private final EventChannel channel;
    private final Function<StreamEvent, byte[]> encoder;
    private final Function<A2AException, byte[]> failure;
    private final StreamRegistry registry;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean open;
    private volatile Runnable onClose = () -> { };
    private volatile long lastWrite = System.nanoTime();

    /**
     * @param encoder the data line for an event, in the binding's and version's shape
     * @param failure the data line that reports a failure, for a binding whose streams can carry
     *                one (a JSON-RPC error response); null to end the stream instead
     */
    public SseStream(EventChannel channel, Function<StreamEvent, byte[]> encoder,
                     Function<A2AException, byte[]> failure, StreamRegistry registry) {
        this.channel = channel;
        this.encoder = encoder;
        this.failure = failure;
        this.registry = registry;
    }

    /**
     * The event a resuming client saw last, from its {@code Last-Event-ID} header.
     *
     * @return null when the header is absent or blank
     * @throws A2AException invalid params for anything but an event id this server could have sent
     */
    public static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            long value = Long.parseLong(header.trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw A2AException.invalidField(HttpNames.LAST_EVENT_ID, "must be an event id this server sent");
    }

    @Override
    public void fail(A2AException error) {
        if (failure == null) {
            end();
        } else {
            single(failure.apply(error));
        }
    }

    @Override
    public void whenClosed(Runnable action) {
        this.onClose = action;
        if (closed.get()) {
            action.run();
        }
    }

    @Override
    public void event(long seq, StreamEvent event) throws IOException {
        write(frame(seq > 0 ? "id: " + seq + "\ndata: " : "data: ", encoder.apply(event)));
    }

    @Override
    public void end() {
        if (closed.compareAndSet(false, true)) {
            registry.remove(this);
            synchronized (this) {
                openOnce();
                channel.close();
            }
            onClose.run();
        }
    }

    /** Sends one event that belongs to no task (an error) and ends the stream. */
    public void single(byte[] data) {
        try {
            write(frame("data: ", data));
        } catch (IOException e) {
            // the client is gone; there is nobody left to tell
        }
        end();
    }

    /** Whether the response has started: a refusal can no longer be a plain error. */
    public boolean isOpen() {
        return open;
    }

    boolean isClosed() {
        return closed.get();
    }

    /** Sends a heartbeat if nothing was written for a while; a failed write ends the stream. */
    void heartbeatIfIdle(long idleNanos) {
        if (!closed.get() && open && System.nanoTime() - lastWrite >= idleNanos) {
            try {
                write(HEARTBEAT);
            } catch (IOException e) {
                end();
            }
        }
    }

    /** One event: its field lines, the JSON on the data line, and the blank line that ends it. */
    private static byte[] frame(String fields, byte[] data) {
        byte[] head = fields.getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[head.length + data.length + 2];
        System.arraycopy(head, 0, frame, 0, head.length);
        System.arraycopy(data, 0, frame, head.length, data.length);
        frame[frame.length - 2] = '\n';
        frame[frame.length - 1] = '\n';
        return frame;
    }

    private synchronized void write(byte[] frame) throws IOException {
        if (closed.get()) {
            throw new IOException("stream closed");
        }
        openOnce();
        try {
            channel.write(frame);
        } catch (IOException | RuntimeException e) {
            end();
            throw e instanceof IOException io ? io : new IOException(e);
        }
        lastWrite = System.nanoTime();
    }

    private void openOnce() {
        if (!open) {
            open = true;
            channel.open();
            registry.add(this);
        }
    }
}
