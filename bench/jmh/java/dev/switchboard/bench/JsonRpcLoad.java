package dev.switchboard.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link GrpcLoad}'s JSON-RPC scenario: bench/bodies/send.json's SendMessage over HTTP/1.1, one
 * client (and so one kept-alive connection) per worker, one call outstanding on each.
 */
public final class JsonRpcLoad {
    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":"
            + "{\"messageId\":\"%s\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello from the a2a benchmark: the"
            + " quick brown fox jumps over the lazy dog 0123456789\"}],\"metadata\":{\"bench\":\"a2a-peer-comparison\"}}}}";

    private JsonRpcLoad() {
    }

    /** @param bearer a bearer token to present, or null to call anonymously as wrk does */
    public static String run(String host, int port, int connections, long seconds, String bearer)
            throws InterruptedException {
        URI endpoint = URI.create("http://" + host + ":" + port + "/a2a/jsonrpc");
        List<Thread> workers = new ArrayList<>();
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long[][] latencies = new long[connections][];
        int[] counts = new int[connections];
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long start = System.nanoTime();
        Pacer pacer = Pacer.fromEnvironment(connections);
        for (int c = 0; c < connections; c++) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int index = c;
            latencies[c] = new long[1 << 16];
            Thread worker = new Thread(() -> {
                while (System.nanoTime() < end) {
                    pacer.await(index);
                    long t0 = System.nanoTime();
                    HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                            .header("A2A-Version", "1.0").timeout(java.time.Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString(String.format(BODY, UUID.randomUUID())));
                    if (bearer != null) {
                        builder.header("Authorization", "Bearer " + bearer);
                    }
                    HttpRequest request = builder.build();
                    try {
                        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
                        if (response.statusCode() == 200) {
                            done.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                        }
                    } catch (java.io.IOException e) {
                        failed.incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    if (counts[index] < latencies[index].length) {
                        latencies[index][counts[index]++] = System.nanoTime() - t0;
                    }
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
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
