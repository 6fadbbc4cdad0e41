package dev.switchboard.client;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.ProtocolVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Every HTTP exchange of the client goes through here: credentials applied, {@code A2A-Version}
 * sent, the timeout set, and any failure turned into an {@link A2AClientException} (an
 * {@link A2ARemoteException} when the body is an A2A error). Request and response bodies and
 * headers are never logged.
 */
final class HttpCaller {
    static final String EVENT_STREAM = "text/event-stream";

    private final HttpClient http;
    private final Credentials credentials;
    private final List<CardScheme> schemes;
    private final Duration timeout;
    private final ProtocolVersion version;

    /**
     * @param version the line named in {@code A2A-Version}; null to name none and send no credential
     *                but the extra headers (card discovery)
     */
    HttpCaller(HttpClient http, Credentials credentials, List<CardScheme> schemes, Duration timeout,
               ProtocolVersion version) {
        this.http = http;
        this.credentials = credentials;
        this.schemes = List.copyOf(schemes);
        this.timeout = timeout;
        this.version = version;
    }

    /** The HTTP client the builder makes when the caller supplies none. */
    static HttpClient newClient(ClientTls tls, Duration connectTimeout) {
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NORMAL);
        if (tls != null) {
            try {
                http.sslContext(tls.sslContext());
            } catch (IOException | GeneralSecurityException e) {
                throw new A2AClientException("cannot set up TLS: " + e.getMessage(), e);
            }
        }
        return http.build();
    }

    /** A JSON request; answers the parsed JSON body of a 2xx answer. */
    JsonValue json(String method, URI uri, JsonObject body) {
        HttpResponse<InputStream> response = exchange(method, uri, body, "application/json", null, timeout);
        byte[] bytes = read(response);
        if (response.statusCode() / 100 != 2) {
            throw failure(response.statusCode(), bytes, uri);
        }
        return parse(bytes, uri);
    }

    /**
     * A request answered by Server-Sent Events; the caller reads and closes the stream.
     *
     * @param lastEventId null, or the id of the last event received, to resume after it
     */
    InputStream events(String method, URI uri, JsonObject body, String lastEventId) {
        HttpResponse<InputStream> response = exchange(method, uri, body, EVENT_STREAM, lastEventId, timeout);
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (response.statusCode() / 100 != 2 || !type.startsWith(EVENT_STREAM)) {
            byte[] bytes = read(response);
            if (response.statusCode() / 100 == 2) {
                // a JSON-RPC error (or a single answer) instead of a stream
                throw errorOrElse(parse(bytes, uri), response.statusCode(), uri,
                        "expected an event stream but got " + (type.isEmpty() ? "no content type" : type));
            }
            throw failure(response.statusCode(), bytes, uri);
        }
        return response.body();
    }

    private HttpResponse<InputStream> exchange(String method, URI uri, JsonObject body, String accept,
                                               String lastEventId, Duration wait) {
        // the public card is fetched with the extra headers only: before it is read, no scheme is known
        Credentials.Authorized authorized = version == null ? credentials.headersOnly(uri)
                : credentials.authorize(uri, schemes, this::tokenRequest);
        HttpRequest.Builder request = HttpRequest.newBuilder(authorized.uri()).timeout(wait)
                .header("Accept", accept);
        if (version != null) {
            request.header(ProtocolVersion.PARAMETER, version.label());
        }
        authorized.headers().forEach(request::setHeader);
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return send(request.build(), uri);
    }

    private JsonObject tokenRequest(URI tokenUrl, Map<String, String> headers, String form) {
        HttpRequest.Builder request = HttpRequest.newBuilder(tokenUrl).timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        HttpResponse<InputStream> response = send(request.build(), tokenUrl);
        byte[] bytes = read(response);
        if (response.statusCode() / 100 != 2) {
            // the body may echo the request; only the status is reported
            throw new A2AClientException("the OAuth token endpoint " + tokenUrl + " answered HTTP "
                    + response.statusCode(), response.statusCode(), null);
        }
        JsonValue value = parse(bytes, tokenUrl);
        if (!(value instanceof JsonObject json)) {
            throw new A2AClientException("the OAuth token endpoint did not answer a JSON object");
        }
        return json;
    }

    /** A plain GET for a document such as the Agent Card; answers the status and body. */
    HttpResponse<byte[]> get(URI uri, String accept) {
        HttpResponse<InputStream> response = exchange("GET", uri, null, accept, null, timeout);
        return new Buffered(response, read(response));
    }

    private HttpResponse<InputStream> send(HttpRequest request, URI uri) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new A2AClientException("no answer from " + origin(uri) + " within " + timeout.toSeconds() + " s", e);
        } catch (IOException e) {
            throw new A2AClientException("cannot reach " + origin(uri) + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new A2AClientException("cancelled while waiting for " + origin(uri), e);
        }
    }

    static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getAuthority();
    }

    private static byte[] read(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new A2AClientException("the answer from " + origin(response.uri()) + " broke off: " + describe(e), e);
        }
    }

    static JsonValue parse(byte[] bytes, URI uri) {
        try (JsonReader reader = JsonFactory.createReader(new ByteArrayInputStream(bytes))) {
            return reader.readValue();
        } catch (JsonException | IllegalStateException e) {
            throw new A2AClientException("the answer from " + uri + " is not JSON", e);
        }
    }

    /** The A2A error a non-2xx answer carries, or a plain client exception naming the status. */
    static A2AClientException failure(int status, byte[] bytes, URI uri) {
        JsonValue body;
        try {
            body = parse(bytes, uri);
        } catch (A2AClientException e) {
            return new A2AClientException(uri + " answered HTTP " + status, status, null);
        }
        return errorOrElse(body, status, uri, uri + " answered HTTP " + status);
    }

    /**
     * Reads {@code {"error": {...}}} in either shape: JSON-RPC ({@code code}, {@code message},
     * {@code data} with an ErrorInfo) or REST google.rpc.Status ({@code code} = HTTP status,
     * {@code status}, {@code message}, {@code details} with an ErrorInfo).
     */
    static A2AClientException errorOrElse(JsonValue body, int status, URI uri, String otherwise) {
        if (!(body instanceof JsonObject json) || !(json.get("error") instanceof JsonObject error)) {
            return new A2AClientException(otherwise, status, null);
        }
        String message = CardReader.text(error, "message");
        String reason = reason(error.get("details"));
        if (reason == null) {
            reason = reason(error.get("data"));
        }
        Integer code = error.get("code") instanceof JsonNumber n ? n.intValue() : null;
        if (error.containsKey("status") && code != null && code > 0) {
            // REST: the code is the HTTP status; the reason picks the JSON-RPC code
            code = null;
        }
        return A2ARemoteException.of(code, reason, message, status);
    }

    private static String reason(JsonValue details) {
        if (details instanceof JsonObject single) {
            return single.get("reason") instanceof jakarta.json.JsonString r ? r.getString() : null;
        }
        if (details instanceof JsonArray array) {
            for (JsonValue item : array) {
                String reason = reason(item);
                if (reason != null) {
                    return reason;
                }
            }
        }
        return null;
    }

    /** A response whose body was read into memory. */
    private record Buffered(HttpResponse<InputStream> response, byte[] body) implements HttpResponse<byte[]> {
        public int statusCode() {
            return response.statusCode();
        }

        public HttpRequest request() {
            return response.request();
        }

        public java.util.Optional<HttpResponse<byte[]>> previousResponse() {
            return java.util.Optional.empty();
        }

        public java.net.http.HttpHeaders headers() {
            return response.headers();
        }

        public java.util.Optional<javax.net.ssl.SSLSession> sslSession() {
            return response.sslSession();
        }

        public URI uri() {
            return response.uri();
        }

        public HttpClient.Version version() {
            return response.version();
        }
    }
}
