package dev.switchboard.web;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The open event streams, with the heartbeat that keeps them alive and finds dead ones. */
final class StreamRegistry implements AutoCloseable {
    private final Set<SseStream> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService heartbeat;

    StreamRegistry(long heartbeatSeconds) {
        heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "switchboard-stream-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        long idle = TimeUnit.SECONDS.toNanos(heartbeatSeconds);
        heartbeat.scheduleWithFixedDelay(() -> streams.forEach(stream -> stream.heartbeatIfIdle(idle)),
                heartbeatSeconds, Math.max(1, heartbeatSeconds / 2), TimeUnit.SECONDS);
    }

    void add(SseStream stream) {
        streams.add(stream);
    }

    void remove(SseStream stream) {
        streams.remove(stream);
    }

    /** Streams open now. */
    int size() {
        return streams.size();
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        streams.forEach(SseStream::end);
    }
}
