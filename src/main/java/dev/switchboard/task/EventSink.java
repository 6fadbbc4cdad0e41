package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import java.io.IOException;

/**
 * Where a stream's events go: the SSE response of one client. Calls come from one thread at a
 * time, in order.
 */
public interface EventSink {
    /**
     * Delivers one event.
     *
     * @param seq the event's number in the task's log (its SSE id), or 0 for a direct message,
     *            which belongs to no task
     * @throws IOException when the client is gone; the stream is then dropped
     */
    void event(long seq, StreamEvent event) throws IOException;

    /** The stream is complete; close the response. */
    void end();

    /** The task could not be stored, so no more events come: tell the client if the binding can, and end. */
    default void fail(A2AException failure) {
        end();
    }

    /**
     * Registers what to do when the client goes away on its own, so the server stops producing
     * for it at once.
     */
    default void whenClosed(Runnable action) {
    }
}
