package dev.switchboard.web.binding;

import java.io.IOException;

/**
 * The response an event stream writes to. Opened at most once, before the first frame; frames
 * are written in order, one at a time; closing ends the response.
 */
public interface EventChannel {
    /** Commits the response: 200 with the event-stream headers. */
    void open();

    /** Sends one frame at once. */
    void write(byte[] frame) throws IOException;

    /** Ends the response; the client sees the stream's end. */
    void close();
}
