package dev.switchboard.web.binding;

import dev.switchboard.runtime.DaemonThreads;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The open event streams, with the heartbeat that keeps them alive and finds dead ones. */
public final class StreamRegistry implements AutoCloseable {
    private final Set<SseStream> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService heartbeat;

    public StreamRegistry(long heartbeatSeconds) {
        heartbeat = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("switchboard-stream-heartbeat"));
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
    public int size() {
        return streams.size();
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        streams.forEach(SseStream::end);
    }
}
