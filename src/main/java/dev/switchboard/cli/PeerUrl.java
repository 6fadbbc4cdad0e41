package dev.switchboard.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * The key of a saved peer: its URL reduced to scheme, host, port and path, so that spellings of the
 * same agent meet (case of scheme and host, default port, trailing slash, the card document's own
 * path) and different agents never do. Query, fragment and user info are dropped.
 */
final class PeerUrl {
    // the documents the client's discovery fetches: a card's URL and its agent's URL are one peer
    private static final List<String> CARD_DOCUMENTS = List.of("/.well-known/agent-card.json", "/.well-known/agent.json");

    private PeerUrl() {
    }

    /**
     * @throws IllegalArgumentException when the text is not an absolute http(s) URL with a host
     */
    static String normalise(String text) {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + text);
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme) || uri.getHost() == null) {
            throw new IllegalArgumentException("a peer URL must be http(s)://host...: " + text);
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/{2,}", "/");
        for (String document : CARD_DOCUMENTS) {
            if (path.endsWith(document)) {
                path = path.substring(0, path.length() - document.length());
            }
        }
        path = path.replaceAll("/+$", "");
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + path;
    }

    /** Whether the text looks like a URL rather than an alias. */
    static boolean isUrl(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return t.startsWith("http://") || t.startsWith("https://");
    }
}
