package dev.switchboard.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real webhook on a loopback port: records every POST (path, headers, body) and answers with the
 * status set for its path (200 unless told otherwise), or a redirect for paths set to 3xx.
 */
final class WebhookReceiver implements AutoCloseable {
    record Delivery(String path, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }

        JsonObject json() {
            return Json.createReader(new StringReader(new String(body, StandardCharsets.UTF_8))).readObject();
        }
    }

    private final HttpServer server;
    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers this status to every POST on the path from now on. */
    void answer(String path, int status) {
        statuses.put(path, status);
    }

    /** Answers 500 to the next {@code count} POSTs on the path, then its usual status. */
    void failNext(String path, int count) {
        failuresLeft.put(path, new AtomicInteger(count));
    }

    List<Delivery> on(String path) {
        return deliveries.stream().filter(d -> d.path().equals(path)).toList();
    }

    /** Waits until the deliveries on the path satisfy the condition. */
    List<Delivery> await(String path, Predicate<List<Delivery>> done, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            List<Delivery> now = on(path);
            if (done.test(now)) {
                return now;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("webhook " + path + " got only " + describe(on(path)));
    }

    static String describe(List<Delivery> list) {
        List<String> bodies = new ArrayList<>();
        list.forEach(d -> bodies.add(new String(d.body(), StandardCharsets.UTF_8)));
        return list.size() + " deliveries: " + bodies;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        deliveries.add(new Delivery(path, Map.copyOf(exchange.getRequestHeaders()), body));
        AtomicInteger failing = failuresLeft.get(path);
        int status = failing != null && failing.getAndDecrement() > 0 ? 500 : statuses.getOrDefault(path, 200);
        if (status >= 300 && status < 400) {
            exchange.getResponseHeaders().add("Location", url(path + "-target"));
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
