package dev.switchboard.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP server on an ephemeral port that answers fixed bodies by path and records requests;
 * public for the CLI's tests.
 */
public final class FakeAgent implements AutoCloseable {
    /** One request as received. */
    public record Received(String method, String path, String query, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    /** A canned answer; {@code location} is sent as {@code Location} when not null. */
    record Answer(int status, String contentType, String body, String location) {
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    public final List<Received> received = new CopyOnWriteArrayList<>();

    public FakeAgent() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public FakeAgent answer(String path, int status, String body) {
        return answer(path, status, "application/json", body);
    }

    public FakeAgent answer(String path, int status, String contentType, String body) {
        answers.put(path, new Answer(status, contentType, body, null));
        return this;
    }

    /** Answers the path with a redirect to the location ({@code $BASE} stands for this agent's base). */
    public FakeAgent redirect(String path, int status, String location) {
        answers.put(path, new Answer(status, "text/plain", "", location));
        return this;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getPath();
        received.add(new Received(exchange.getRequestMethod(), path, exchange.getRequestURI().getRawQuery(),
                Map.copyOf(exchange.getRequestHeaders()), body));
        Answer answer = answers.getOrDefault(path, new Answer(404, "text/plain", "not found", null));
        byte[] bytes = answer.body().replace("$BASE", base()).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", answer.contentType());
        if (answer.location() != null) {
            exchange.getResponseHeaders().set("Location", answer.location().replace("$BASE", base()));
        }
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
