package dev.switchboard.cli;

import dev.switchboard.push.AddressClassifier;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The GETs of {@code card check}: every host, the first and each redirect's, is resolved and each
 * of its addresses judged by the server's own SSRF classifier ({@link AddressClassifier}) before
 * anything is sent, so a URL, or a card that names one, cannot make the check reach loopback,
 * private, link-local or cloud metadata addresses unless the user allowed it. The host is resolved
 * again when the request connects; a name whose addresses change in between (DNS rebinding) is
 * not caught. Bodies are read up to a limit.
 */
final class PublicFetch {
    private static final int MAX_REDIRECTS = 5;

    /** Resolves a host to all of its addresses. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** What a GET answered, after redirects; the body is empty when it was not asked for. */
    record Answer(URI uri, int status, String contentType, byte[] body) {
    }

    private final HttpClient http;
    private final Duration timeout;
    private final boolean allowPrivate;
    private final Resolver resolver;

    PublicFetch(Duration timeout, boolean allowPrivate, Resolver resolver) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
        this.timeout = timeout;
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    /**
     * @param maxBytes the most bytes of the body to read; 0 to read none
     * @throws IllegalArgumentException when a host is not public and that was not allowed, or the
     *                                  body is larger than {@code maxBytes}
     * @throws IOException              when a host does not resolve or cannot be reached
     */
    Answer get(URI url, String accept, int maxBytes) throws IOException, InterruptedException {
        URI target = url;
        for (int redirects = 0; ; redirects++) {
            check(target);
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(target).timeout(timeout)
                    .header("Accept", accept).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                Optional<String> location = response.headers().firstValue("Location");
                if (response.statusCode() / 100 == 3 && location.isPresent() && redirects < MAX_REDIRECTS) {
                    target = target.resolve(location.get().strip());
                    continue;
                }
                byte[] bytes = maxBytes == 0 ? new byte[0] : body.readNBytes(maxBytes + 1);
                if (bytes.length > maxBytes) {
                    throw new IllegalArgumentException(target + " answered more than " + maxBytes + " bytes");
                }
                return new Answer(target, response.statusCode(),
                        response.headers().firstValue("Content-Type").orElse(""), bytes);
            }
        }
    }

    /** Refuses a URL that is not http(s), or whose host has an address that is not public, unless allowed. */
    void check(URI url) throws UnknownHostException {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
            throw new IllegalArgumentException("card check fetches only http(s) URLs with a host: " + origin(url));
        }
        if (allowPrivate) {
            return;
        }
        String host = url.getHost().replaceAll("^\\[|\\]$", "");
        for (InetAddress address : resolver.resolve(host)) {
            Optional<String> refusal = AddressClassifier.refusal(address);
            if (refusal.isPresent()) {
                throw new IllegalArgumentException("card check fetches only public addresses: " + url.getHost()
                        + " is " + refusal.get() + "; pass --allow-private to check a card on your own network");
            }
        }
    }

    /** Scheme, host and port, the port left out when it is the scheme's default. */
    static String origin(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort();
        boolean standard = port < 0 || port == (scheme.equals("https") ? 443 : 80);
        return scheme + "://" + String.valueOf(url.getHost()).toLowerCase(Locale.ROOT) + (standard ? "" : ":" + port);
    }
}
