package dev.switchboard.client;

import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.ProtocolVersion;
import jakarta.json.JsonException;
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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every HTTP exchange of the client goes through here: credentials applied within their scope,
 * {@code A2A-Version} sent, the timeout set, redirects followed only where the credentials may go,
 * bodies read up to the size limit, and any failure turned into an {@link A2AClientException} (an
 * {@link A2ARemoteException} when the body is an A2A error). Request and response bodies and
 * headers are never logged.
 */
final class HttpCaller {
    static final String EVENT_STREAM = "text/event-stream";
    private static final int MAX_REDIRECTS = 5;

    private final HttpClient http;
    private final Credentials credentials;
    private final CredentialScope scope;
    private final List<CardScheme> schemes;
    private final ProtocolVersion version;
    private final Duration timeout;
    private final int maxBytes;

    /**
     * @param version  the line named in {@code A2A-Version}; null to name none and send no credential
     *                 but the extra headers (card discovery)
     * @param maxBytes the most bytes of one body, or of one event of a stream
     */
    HttpCaller(HttpClient http, Credentials credentials, CredentialScope scope, List<CardScheme> schemes,
               ProtocolVersion version, Duration timeout, int maxBytes) {
        this.http = http;
        this.credentials = credentials;
        this.scope = scope;
        this.schemes = List.copyOf(schemes);
        this.version = version;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    /** The HTTP client the builder makes when the caller supplies none: it follows no redirect itself. */
    static HttpClient newClient(ClientTls tls, Duration connectTimeout) {
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER);
        if (tls != null) {
            try {
                http.sslContext(tls.sslContext());
            } catch (IOException | GeneralSecurityException e) {
                throw new A2AClientException("cannot set up TLS: " + e.getMessage(), e);
            }
        }
        return http.build();
    }

    int maxBytes() {
        return maxBytes;
    }

    /** A JSON request; answers the parsed JSON body of a 2xx answer. */
    JsonValue json(String method, URI uri, JsonObject body) {
        HttpResponse<InputStream> response = exchange(method, uri, body, "application/json", null);
        byte[] bytes = read(response);
        if (response.statusCode() / 100 != 2) {
            throw RemoteErrors.failure(response.statusCode(), bytes, uri);
        }
        return parse(bytes, uri);
    }

    /**
     * A request answered by Server-Sent Events; the caller reads and closes the stream.
     *
     * @param lastEventId null, or the id of the last event received, to resume after it
     */
    InputStream events(String method, URI uri, JsonObject body, String lastEventId) {
        HttpResponse<InputStream> response = exchange(method, uri, body, EVENT_STREAM, lastEventId);
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (response.statusCode() / 100 != 2 || !type.startsWith(EVENT_STREAM)) {
            byte[] bytes = read(response);
            if (response.statusCode() / 100 == 2) {
                // a JSON-RPC error (or a single answer) instead of a stream
                throw RemoteErrors.errorOrElse(parse(bytes, uri), response.statusCode(), uri,
                        "expected an event stream but got " + (type.isEmpty() ? "no content type" : type));
            }
            throw RemoteErrors.failure(response.statusCode(), bytes, uri);
        }
        return response.body();
    }

    /** A plain GET for a document such as the Agent Card; answers the status and body. */
    HttpResponse<byte[]> get(URI uri, String accept) {
        HttpResponse<InputStream> response = exchange("GET", uri, null, accept, null);
        return new BufferedResponse(response, read(response));
    }

    /** Sends the request, and again to each redirect target it may follow. */
    private HttpResponse<InputStream> exchange(String method, URI uri, JsonObject body, String accept,
                                               String lastEventId) {
        URI target = uri;
        String what = "the URL";
        for (int redirects = 0; ; redirects++) {
            HttpResponse<InputStream> response = send(request(method, target, what, body, accept, lastEventId), target);
            Optional<URI> next = redirect(response, method);
            if (next.isEmpty()) {
                return response;
            }
            close(response);
            if (redirects == MAX_REDIRECTS) {
                throw new A2AClientException(origin(uri) + " redirected more than " + MAX_REDIRECTS + " times",
                        response.statusCode(), null);
            }
            what = "a redirect from " + origin(target) + " leads to a URL that";
            target = next.get();
        }
    }

    private HttpRequest request(String method, URI target, String what, JsonObject body, String accept,
                                String lastEventId) {
        // the public card is fetched with the extra headers only: before it is read, no scheme is known
        boolean attaches = version == null ? credentials.hasHeaders() : credentials.attachesAnything();
        if (attaches && !scope.permits(target)) {
            throw scope.refusal(target, what);
        }
        Credentials.Authorized authorized = version == null ? credentials.headersOnly(target)
                : credentials.authorize(target, schemes, scope, this::tokenRequest);
        HttpRequest.Builder request = HttpRequest.newBuilder(authorized.uri()).timeout(timeout)
                .header("Accept", accept);
        if (version != null) {
            request.header(ProtocolVersion.PARAMETER, version.label());
        }
        authorized.headers().forEach(request::setHeader);
        Tracing.inject(request::setHeader); // a call made inside a traced request continues its trace
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return request.build();
    }

    /**
     * Where a redirect leads, when it is one to follow: any for a GET, only 307 and 308 (which keep
     * the method and body) otherwise, never from https to http. Whether credentials may go there is
     * decided when the request is made.
     */
    static Optional<URI> redirect(HttpResponse<?> response, String method) {
        int status = response.statusCode();
        boolean followed = status == 307 || status == 308
                || method.equals("GET") && (status == 301 || status == 302 || status == 303);
        Optional<String> location = response.headers().firstValue("Location");
        if (!followed || location.isEmpty()) {
            return Optional.empty();
        }
        URI next;
        try {
            next = response.uri().resolve(location.get().strip());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        String from = response.uri().getScheme();
        String to = next.getScheme() == null ? "" : next.getScheme().toLowerCase(Locale.ROOT);
        if (next.getHost() == null || !(to.equals("https") || to.equals("http"))
                || "https".equalsIgnoreCase(from) && to.equals("http")) {
            return Optional.empty();
        }
        return Optional.of(next);
    }

    /** The OAuth token request: never redirected, since it carries the client secret. */
    private JsonObject tokenRequest(URI tokenUrl, Map<String, String> headers, String form) {
        HttpRequest.Builder request = HttpRequest.newBuilder(tokenUrl).timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        HttpResponse<InputStream> response = send(request.build(), tokenUrl);
        byte[] bytes = read(response);
        if (response.statusCode() / 100 != 2) {
            // the body may echo the request; only the status is reported
            throw new A2AClientException("the OAuth token endpoint " + origin(tokenUrl) + tokenUrl.getRawPath()
                    + " answered HTTP " + response.statusCode(), response.statusCode(), null);
        }
        JsonValue value = parse(bytes, tokenUrl);
        if (!(value instanceof JsonObject json)) {
            throw new A2AClientException("the OAuth token endpoint did not answer a JSON object");
        }
        return json;
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
        return CredentialScope.origin(uri);
    }

    /** The body, at most {@code maxBytes} of it: a larger one is refused before it fills the heap. */
    private byte[] read(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            byte[] bytes = declared > maxBytes ? null : in.readNBytes(maxBytes + 1);
            if (bytes == null || bytes.length > maxBytes) {
                throw new A2AClientException("the answer from " + origin(response.uri()) + " is larger than "
                        + maxBytes + " bytes, the client's limit (A2AClient.Builder.maxResponseBytes)",
                        response.statusCode(), null);
            }
            return bytes;
        } catch (IOException e) {
            throw new A2AClientException("the answer from " + origin(response.uri()) + " broke off: " + describe(e), e);
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException e) {
            // the redirect's body is not needed either way
        }
    }

    static JsonValue parse(byte[] bytes, URI uri) {
        try (JsonReader reader = JsonFactory.createReader(new ByteArrayInputStream(bytes))) {
            return reader.readValue();
        } catch (JsonException | IllegalStateException e) {
            throw new A2AClientException("the answer from " + uri + " is not JSON", e);
        }
    }
}
