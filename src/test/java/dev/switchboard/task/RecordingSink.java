package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.StreamEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** An EventSink that records what a client would receive, and notes anything written after the end. */
final class RecordingSink implements EventSink {
    record Entry(long seq, StreamEvent event) {
    }

    final List<Entry> entries = new CopyOnWriteArrayList<>();
    final AtomicInteger ends = new AtomicInteger();
    final AtomicInteger eventsAfterEnd = new AtomicInteger();
    private final CountDownLatch ended = new CountDownLatch(1);

    @Override
    public void event(long seq, StreamEvent event) {
        if (ends.get() > 0) {
            eventsAfterEnd.incrementAndGet();
        }
        entries.add(new Entry(seq, event));
    }

    @Override
    public void end() {
        ends.incrementAndGet();
        ended.countDown();
    }

    void awaitEnd() throws InterruptedException {
        assertTrue(ended.await(ServiceHarness.TIMEOUT_SECONDS, TimeUnit.SECONDS), "the stream never ended");
    }

    boolean isEnded() {
        return ends.get() > 0;
    }

    List<Long> seqs() {
        return entries.stream().map(Entry::seq).toList();
    }

    List<StreamEvent> events() {
        return entries.stream().map(Entry::event).toList();
    }
}
