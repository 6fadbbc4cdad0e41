package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How long a notice takes from the commit on one instance to the receiver on another, on loopback:
 * printed as p50/p99 over a thousand writes, and bounded loosely (the machine is shared).
 */
class NoticeLatencyTest {
    private static final int WRITES = 1000;

    @TempDir
    Path dir;

    @Test
    void aNoticeReachesTheOtherInstanceWithinMillisecondsOfTheCommit() throws Exception {
        StoreBackend.StorePlace place = StoreBackend.POSTGRESQL.place(dir);
        Map<Long, Long> heard = new ConcurrentHashMap<>();
        try (TaskDatabase writing = place.open(); TaskDatabase hearing = place.open()) {
            hearing.sharingEvents(() -> new TaskNotices() {
                @Override
                public void stored(String taskId, long lastSeq) {
                    heard.putIfAbsent(lastSeq, System.nanoTime());
                }

                @Override
                public Map<String, Long> served() {
                    return Map.of();
                }
            });
            TaskStore store = StoreTesting.tasks(writing, new StoreTesting.TickingClock(T0));
            Task task = task("timed", "ctx", TaskState.WORKING, T0);
            store.create(task, null, null, List.of(task));
            Thread.sleep(500);
            long[] committed = new long[WRITES];
            for (int i = 0; i < WRITES; i++) {
                store.update("timed", current -> Optional.of(new dev.switchboard.store.TaskChange.Result(current,
                        List.of(statusEvent(current)), null)));
                committed[i] = System.nanoTime();
                Thread.sleep(2);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (heard.size() < WRITES + 1 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            // notices of one task that arrive together are merged: the latest stands for those before it
            long[] millisTimes100 = new long[WRITES];
            int n = 0;
            long covered = Long.MAX_VALUE;
            for (int i = WRITES - 1; i >= 0; i--) {
                Long at = heard.get((long) i + 2);
                covered = at == null ? covered : Math.min(covered, at);
                if (covered != Long.MAX_VALUE) {
                    millisTimes100[n++] = Math.max(0, covered - committed[i]) / 10_000;
                }
            }
            long[] sorted = Arrays.copyOf(millisTimes100, n);
            Arrays.sort(sorted);
            double p50 = sorted[n / 2] / 100.0;
            double p99 = sorted[(int) (n * 0.99)] / 100.0;
            System.out.printf("notice latency commit -> receiver over %d of %d writes: p50 %.2f ms, p99 %.2f ms,"
                    + " max %.2f ms%n", n, WRITES, p50, p99, sorted[n - 1] / 100.0);
            assertTrue(n == WRITES, "writes announced: " + n);
            assertTrue(p99 < 500, "p99 " + p99 + " ms");
        }
    }
}
