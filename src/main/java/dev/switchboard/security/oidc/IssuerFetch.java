package dev.switchboard.security.oidc;

import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Fetches the provider's metadata and JWK Set: GET only, http(s) only, no redirects followed,
 * bounded in time and size, so a slow or hostile answer cannot hold a request thread or fill
 * memory. It is only ever given URLs from the settings or the configured issuer's own metadata,
 * never one named by a token ({@code jku}, {@code x5u}). Besides GETs it POSTs the introspection
 * requests of opaque tokens.
 */
final class IssuerFetch implements ResourceRetriever {
    static final int MAX_BYTES = 256 * 1024;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final boolean allowHttp;

    IssuerFetch(boolean allowHttp) {
        this.allowHttp = allowHttp;
    }

    @Override
    public Resource retrieveResource(URL url) throws IOException {
        try {
            return fetch(url.toURI());
        } catch (URISyntaxException e) {
            throw new IOException("Not a URI: " + url, e);
        }
    }

    Resource fetch(URI uri) throws IOException {
        return exchange(HttpRequest.newBuilder(checked(uri)).timeout(TIMEOUT)
                .header("Accept", "application/json, application/jwk-set+json").GET().build());
    }

    /**
     * POSTs a form as the given client (HTTP Basic, RFC 6749 section 2.3.1): a token
     * introspection request.
     */
    Resource post(URI uri, Map<String, String> form, String clientId, String secret) throws IOException {
        String body = form.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        String basic = Base64.getEncoder().encodeToString((encode(clientId) + ":" + encode(secret))
                .getBytes(StandardCharsets.UTF_8));
        return exchange(HttpRequest.newBuilder(checked(uri)).timeout(TIMEOUT).header("Accept", "application/json")
                .header("Content-Type", "application/x-www-form-urlencoded").header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private URI checked(URI uri) throws IOException {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http") && allowHttp)) {
            throw new IOException("Refused to fetch " + uri + ": https only");
        }
        return uri;
    }

    private Resource exchange(HttpRequest request) throws IOException {
        URI uri = request.uri();
        HttpResponse<byte[]> response;
        try {
            // the deadline covers the whole exchange, body included: a provider that trickles bytes is cut off too
            response = client.sendAsync(request, info -> new BoundedBody(MAX_BYTES))
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while fetching " + uri, e);
        } catch (TimeoutException e) {
            throw new IOException(uri + " did not answer within " + TIMEOUT.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw new IOException("Fetching " + uri + " failed: " + e.getCause(), e.getCause());
        }
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered HTTP " + response.statusCode());
        }
        return new Resource(new String(response.body(), StandardCharsets.UTF_8),
                response.headers().firstValue("Content-Type").orElse(null));
    }

    /** Collects a body up to a limit, and fails the exchange beyond it instead of reading on. */
    private static final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int limit;
        private Flow.Subscription subscription;

        BoundedBody(int limit) {
            this.limit = limit;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                if (bytes.size() + buffer.remaining() > limit) {
                    subscription.cancel();
                    result.completeExceptionally(new IOException("The answer is larger than " + limit + " bytes"));
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                bytes.writeBytes(chunk);
            }
        }

        @Override
        public void onError(Throwable error) {
            result.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }
}
