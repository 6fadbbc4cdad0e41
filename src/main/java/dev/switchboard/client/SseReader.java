package dev.switchboard.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads Server-Sent Events (the WHATWG event-stream format): {@code data:} lines joined with
 * newlines, {@code id:} remembered, comments and other fields skipped, an empty line ends an event;
 * lines end with CRLF, LF or CR. No line and no event's data may exceed the size limit: the stream
 * comes from the network, and a line without an end would otherwise grow until the heap is gone.
 */
final class SseReader implements Closeable {
    /** One event: its data and the id in force when it arrived (null if none was ever sent). */
    record Event(String id, String data) {
    }

    private final InputStream in;
    private final InputStream buffered;
    private final int maxBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean afterCarriageReturn;
    private String lastId;

    /** @param maxBytes the most bytes of one line, and of one event's data */
    SseReader(InputStream in, int maxBytes) {
        this.in = in;
        this.buffered = new BufferedInputStream(in);
        this.maxBytes = maxBytes;
    }

    /**
     * @return the next event with data, or null at the end of the stream
     * @throws A2AClientException when a line or an event is larger than the limit
     */
    Event next() throws IOException {
        StringBuilder data = null;
        long size = 0;
        String line;
        while ((line = readLine()) != null) {
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
                size += value.length() + 1;
                if (size > maxBytes) {
                    throw tooLarge();
                }
                data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            } else if (field.equals("id") && !value.contains("\0")) {
                lastId = value;
            }
        }
        // a last event without its blank line still counts
        return data == null ? null : new Event(lastId, data.toString());
    }

    /** The next line without its end, or null at the end of the stream. */
    private String readLine() throws IOException {
        line.reset();
        int b;
        while ((b = buffered.read()) != -1) {
            if (afterCarriageReturn) {
                afterCarriageReturn = false;
                if (b == '\n') {
                    continue;
                }
            }
            if (b == '\n' || b == '\r') {
                afterCarriageReturn = b == '\r';
                return line.toString(StandardCharsets.UTF_8);
            }
            if (line.size() >= maxBytes) {
                throw tooLarge();
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }

    private A2AClientException tooLarge() {
        return new A2AClientException("an event of the stream is larger than " + maxBytes
                + " bytes, the client's limit (A2AClient.Builder.maxResponseBytes)");
    }

    @Override
    public void close() throws IOException {
        // the stream, not the buffer: the buffer's lock is held by a blocked read on another thread
        in.close();
    }
}
