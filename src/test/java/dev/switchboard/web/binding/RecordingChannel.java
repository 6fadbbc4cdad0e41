package dev.switchboard.web.binding;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** An event channel that keeps what a stream writes, and can play a client that went away. */
public final class RecordingChannel implements EventChannel {
    public final List<String> frames = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    public volatile int opened;
    public volatile boolean gone;

    @Override
    public void open() {
        opened++;
    }

    @Override
    public void write(byte[] frame) throws IOException {
        if (gone) {
            throw new IOException("Broken pipe");
        }
        frames.add(new String(frame, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        closed.countDown();
    }

    public boolean isClosed() {
        return closed.getCount() == 0;
    }

    /** Waits for the stream to end; false if it did not within the time. */
    public boolean awaitClose(long seconds) throws InterruptedException {
        return closed.await(seconds, TimeUnit.SECONDS);
    }

    /** The data lines of the frames written, in order (heartbeats have none). */
    public List<String> dataLines() {
        return frames.stream().flatMap(frame -> frame.lines().filter(line -> line.startsWith("data: ")))
                .map(line -> line.substring("data: ".length())).toList();
    }
}
