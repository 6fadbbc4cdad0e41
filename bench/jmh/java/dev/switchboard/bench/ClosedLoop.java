package dev.switchboard.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load loop {@link GrpcLoad} and {@link JsonRpcLoad} share: one worker per connection, one call
 * outstanding on each, paced by {@link Pacer} when {@code LOAD_RATE} is set, for a fixed time; the
 * result as load.sh's {@code LOAD} line.
 */
final class ClosedLoop {
    /** One worker's call; true when it was answered as a success. */
    interface Call {
        boolean call() throws Exception;
    }

    private ClosedLoop() {
    }

    /** @param calls one call per worker, each on its own connection */
    static String run(List<Call> calls, long seconds) throws InterruptedException {
        int workers = calls.size();
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long[][] latencies = new long[workers][1 << 16];
        int[] counts = new int[workers];
        Pacer pacer = Pacer.fromEnvironment(workers);
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int index = w;
            Call call = calls.get(w);
            Thread thread = new Thread(() -> {
                while (System.nanoTime() < end) {
                    pacer.await(index);
                    long t0 = System.nanoTime();
                    try {
                        (call.call() ? done : failed).incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                    if (counts[index] < latencies[index].length) {
                        latencies[index][counts[index]++] = System.nanoTime() - t0;
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        long durationUs = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);
        long[] all = Arrays.stream(latencies).flatMapToLong(row -> Arrays.stream(row).filter(v -> v > 0)).sorted()
                .toArray();
        long p50 = all.length == 0 ? 0 : all[all.length / 2] / 1000;
        long p99 = all.length == 0 ? 0 : all[Math.min(all.length - 1, (int) (all.length * 0.99))] / 1000;
        return String.format("LOAD requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d socket_errors=0",
                done.get(), durationUs, p50, p99, failed.get());
    }
}
