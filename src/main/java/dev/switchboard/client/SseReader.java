package dev.switchboard.client;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Reads Server-Sent Events (the WHATWG event-stream format): {@code data:} lines joined with
 * newlines, {@code id:} remembered, comments and other fields skipped, an empty line ends an event.
 */
final class SseReader implements Closeable {
    /** One event: its data and the id in force when it arrived (null if none was ever sent). */
    record Event(String id, String data) {
    }

    private final InputStream in;
    private final BufferedReader reader;
    private String lastId;

    SseReader(InputStream in) {
        this.in = in;
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** @return the next event with data, or null at the end of the stream */
    Event next() throws IOException {
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    return new Event(lastId, data.toString());
                }
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            if (field.equals("data")) {
                data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            } else if (field.equals("id") && !value.contains("\0")) {
                lastId = value;
            }
        }
        // a last event without its blank line still counts
        return data == null ? null : new Event(lastId, data.toString());
    }

    @Override
    public void close() throws IOException {
        // the stream, not the reader: the reader's lock is held by a blocked read on another thread
        in.close();
    }
}
