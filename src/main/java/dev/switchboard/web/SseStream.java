package dev.switchboard.web;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.task.EventSink;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.glassfish.jersey.server.ChunkedOutput;

/**
 * A Server-Sent Events response: {@code id:} is the event's number in the task's log, {@code data:}
 * one JSON document on one line. The response starts with the first event, so that a failure
 * before it can still be answered as a plain error. Idle streams get comment heartbeats, which
 * also reveal clients that went away.
 */
final class SseStream implements EventSink {
    static final String EVENT_STREAM = "text/event-stream";
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);

    private final AsyncResponse response;
    private final Function<StreamEvent, byte[]> encoder;
    private final Function<A2AException, byte[]> failure;
    private final StreamRegistry registry;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile ChunkedOutput<byte[]> output;
    private volatile Runnable onClose = () -> { };
    private volatile long lastWrite = System.nanoTime();

    /**
     * @param encoder the data line for an event, in the binding's and version's shape
     */
    SseStream(AsyncResponse response, Function<StreamEvent, byte[]> encoder, StreamRegistry registry) {
        this(response, encoder, null, registry);
    }

    /**
     * @param failure the data line that reports a failure, for a binding whose streams can carry
     *                one (a JSON-RPC error response); null to end the stream instead
     */
    SseStream(AsyncResponse response, Function<StreamEvent, byte[]> encoder, Function<A2AException, byte[]> failure,
              StreamRegistry registry) {
        this.response = response;
        this.encoder = encoder;
        this.failure = failure;
        this.registry = registry;
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
            ChunkedOutput<byte[]> current = open();
            try {
                current.close();
            } catch (IOException e) {
                // the client is gone already
            }
            onClose.run();
        }
    }

    /** Sends one event that belongs to no task (an error) and ends the stream. */
    void single(byte[] data) {
        try {
            write(frame("data: ", data));
        } catch (IOException e) {
            // the client is gone; there is nobody left to tell
        }
        end();
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

    /** Sends a heartbeat if nothing was written for a while; a failed write ends the stream. */
    void heartbeatIfIdle(long idleNanos) {
        if (!closed.get() && output != null && System.nanoTime() - lastWrite >= idleNanos) {
            try {
                write(HEARTBEAT);
            } catch (IOException e) {
                end();
            }
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    private synchronized void write(byte[] frame) throws IOException {
        if (closed.get()) {
            throw new IOException("stream closed");
        }
        ChunkedOutput<byte[]> current = open();
        try {
            current.write(frame);
        } catch (IOException | RuntimeException e) {
            end();
            throw e instanceof IOException io ? io : new IOException(e);
        }
        lastWrite = System.nanoTime();
    }

    private synchronized ChunkedOutput<byte[]> open() {
        if (output == null) {
            output = new ChunkedOutput<>(byte[].class);
            response.resume(Response.ok(output, EVENT_STREAM)
                    .header("Cache-Control", "no-cache")
                    .header("X-Accel-Buffering", "no")
                    .build());
            registry.add(this);
        }
        return output;
    }
}
