package dev.switchboard.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load balancer in front of several instances, as operators put one: each request goes to the
 * next instance in turn, whatever the request before it was, so a client's consecutive calls on
 * one task land on different instances. Method, path, query, headers and body are passed on;
 * the answer's body is passed back chunk by chunk as it comes, so event streams stay live.
 */
final class RoundRobinFront implements AutoCloseable {
    /** Headers of one hop, which the JDK client sets itself or refuses to set. */
    private static final Set<String> HOP = Set.of("connection", "content-length", "expect", "host", "upgrade",
            "keep-alive", "transfer-encoding", "te", "trailer", "proxy-connection", "proxy-authorization");

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "round-robin-front");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicInteger turn = new AtomicInteger();
    private final Map<URI, AtomicInteger> served = new ConcurrentHashMap<>();
    private volatile List<URI> instances = List.of();

    RoundRobinFront() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(threads);
        server.createContext("/", this::forward);
        server.start();
    }

    /** The front's base URL, without a trailing slash: what the instances publish as theirs. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** From now on, requests go in turn to these instances. */
    void route(List<URL> to) {
        instances = to.stream().map(url -> URI.create(url.toString().replaceAll("/$", ""))).toList();
    }

    /** How many requests each instance was given, by its base URL. */
    Map<String, Integer> served() {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        served.forEach((uri, count) -> counts.put(uri.toString(), count.get()));
        return counts;
    }

    private void forward(HttpExchange exchange) throws IOException {
        List<URI> now = instances;
        URI instance = now.get(Math.floorMod(turn.getAndIncrement(), now.size()));
        served.computeIfAbsent(instance, uri -> new AtomicInteger()).incrementAndGet();
        try {
            byte[] body = exchange.getRequestBody().readAllBytes();
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(instance + exchange.getRequestURI()
                    .toString())).timeout(Duration.ofSeconds(60)).method(exchange.getRequestMethod(),
                    body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
                    values.forEach(value -> request.header(name, value));
                }
            });
            HttpResponse<InputStream> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                byte[] message = ("no answer from " + instance + ": " + e).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(502, message.length);
                exchange.getResponseBody().write(message);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            pass(exchange, response);
        } finally {
            exchange.close();
        }
    }

    private static void pass(HttpExchange exchange, HttpResponse<InputStream> response) throws IOException {
        response.headers().map().forEach((name, values) -> {
            if (!name.startsWith(":") && !HOP.contains(name.toLowerCase(Locale.ROOT))) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        long length = response.headers().firstValueAsLong("content-length").orElse(-1);
        boolean empty = exchange.getRequestMethod().equals("HEAD") || response.statusCode() == 204
                || response.statusCode() == 304 || length == 0;
        // 0: chunked, for an answer of unknown length such as an event stream
        exchange.sendResponseHeaders(response.statusCode(), empty ? -1 : Math.max(length, 0));
        try (InputStream in = response.body(); OutputStream out = exchange.getResponseBody()) {
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | UncheckedIOException e) {
            // the client went away: closing the instance's body above hangs up on the instance too
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
