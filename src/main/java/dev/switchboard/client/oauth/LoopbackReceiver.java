package dev.switchboard.client.oauth;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The loopback redirect of a native app's login (RFC 8252 §7.3): an HTTP listener on the loopback
 * interface only, at the redirect URI's port (port 0: any free one, named in the redirect URI
 * sent), that takes the first callback on the redirect path whose {@code state} matches and then
 * stops. A callback with another state (or none) is refused and the wait goes on, so a local page
 * cannot end the login with a code of its own; nothing is accepted after the first match.
 */
final class LoopbackReceiver implements AutoCloseable {
    /** What the authorization server sent back: a code, or an error code. */
    record Callback(String code, String error, String errorDescription, String issuer) {
        @Override
        public String toString() {
            return "Callback[error=" + error + "]";
        }
    }

    private final HttpServer server;
    private final URI redirectUri;
    private final String state;
    private final CompletableFuture<Callback> result = new CompletableFuture<>();

    private LoopbackReceiver(HttpServer server, URI redirectUri, String state) {
        this.server = server;
        this.redirectUri = redirectUri;
        this.state = state;
    }

    /**
     * Starts listening for the redirect URI.
     *
     * @throws OAuthException when the redirect URI is not an http URI on a loopback host, or its
     *                        port is taken
     */
    static LoopbackReceiver start(URI redirect, String state) {
        String host = redirect.getHost() == null ? "" : redirect.getHost().toLowerCase(Locale.ROOT);
        if (!"http".equalsIgnoreCase(redirect.getScheme())
                || !(host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]"))) {
            throw new OAuthException("the redirect URI must be http://localhost, http://127.0.0.1 or http://[::1]"
                    + " with a port and path; " + redirect + " is not");
        }
        InetAddress address;
        try {
            address = host.equals("localhost") ? InetAddress.getLoopbackAddress()
                    : InetAddress.getByName(host.replace("[", "").replace("]", ""));
        } catch (IOException e) {
            throw new OAuthException("cannot resolve " + host, null, 0, e);
        }
        int port = Math.max(redirect.getPort(), 0);
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 4);
        } catch (IOException e) {
            throw new OAuthException("cannot listen on " + host + ":" + port + " for the login's redirect ("
                    + e.getClass().getSimpleName() + "); is another login running? A redirect URI with port 0"
                    + " takes any free port where the authorization server allows it", null, 0, e);
        }
        String path = redirect.getRawPath() == null || redirect.getRawPath().isEmpty() ? "/" : redirect.getRawPath();
        URI actual = URI.create("http://" + redirect.getRawAuthority().replaceFirst(":\\d+$", "")
                + ":" + server.getAddress().getPort() + path);
        LoopbackReceiver receiver = new LoopbackReceiver(server, actual, state);
        server.createContext("/", receiver::handle);
        server.start();
        return receiver;
    }

    /** The redirect URI to send, with the port actually bound. */
    URI redirectUri() {
        return redirectUri;
    }

    /**
     * Waits for the callback.
     *
     * @throws OAuthException when none came within {@code timeout}, or the thread was interrupted
     */
    Callback await(Duration timeout) {
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new OAuthException("the login was not completed within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OAuthException("the login was cancelled", null, 0, e);
        } catch (ExecutionException e) {
            throw new OAuthException("the login's redirect failed", null, 0, e.getCause());
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getRawPath().equals(redirectUri.getRawPath())
                    || !exchange.getRequestMethod().equals("GET")) {
                respond(exchange, 404, "Not the login's redirect.");
                return;
            }
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            if (result.isDone()) {
                respond(exchange, 409, "This login is already complete.");
                return;
            }
            if (!state.equals(query.get("state"))) {
                respond(exchange, 400, "This redirect does not belong to the login in progress (state does not match).");
                return;
            }
            Callback callback = new Callback(query.get("code"), query.get("error"), query.get("error_description"),
                    query.get("iss"));
            if (result.complete(callback)) {
                respond(exchange, 200, callback.error() == null
                        ? "Signed in. You may close this window and return to the terminal."
                        : "The sign-in did not succeed (" + callback.error() + "). Return to the terminal.");
            } else {
                respond(exchange, 409, "This login is already complete.");
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    static Map<String, String> query(String raw) {
        Map<String, String> values = new LinkedHashMap<>();
        if (raw == null) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            values.putIfAbsent(name, value);
        }
        return values;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
