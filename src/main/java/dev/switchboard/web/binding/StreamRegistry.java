package dev.switchboard.web.binding;

import dev.switchboard.runtime.DaemonThreads;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open event streams, with the heartbeat that keeps them alive and finds dead ones; gRPC
 * server streams, which gRPC keeps alive itself, are only counted.
 */
public final class StreamRegistry implements AutoCloseable {
    private final Set<SseStream> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService heartbeat;
    private final AtomicInteger counted = new AtomicInteger();

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

    /**
     * Counts a stream this registry does not write (a gRPC server stream) as open until the
     * returned action runs; running it again changes nothing.
     */
    public Runnable opened() {
        counted.incrementAndGet();
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                counted.decrementAndGet();
            }
        };
    }

    /** Streams open now, of every binding. */
    public int size() {
        return streams.size() + counted.get();
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        streams.forEach(SseStream::end);
    }
}
