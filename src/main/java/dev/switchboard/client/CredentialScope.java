package dev.switchboard.client;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Where one client's credentials may go: the origin the card was discovered at (its home) and the
 * origins the caller allowed beside it ({@link Credentials.Builder#allowOrigin}). An origin is
 * scheme, host and port, so plain http on the same host is another origin than https: a
 * credential given for https never travels in the clear unless the http origin was allowed.
 * A card is data from the network; without this scope it could send the caller's secrets to any
 * host it names.
 */
final class CredentialScope {
    private final String home;
    private final Set<String> allowed;

    CredentialScope(URI home, Set<String> allowed) {
        this.home = origin(home);
        this.allowed = Set.copyOf(allowed);
    }

    /** Whether credentials may go to this URL: it is on the home origin or an allowed one. */
    boolean permits(URI target) {
        String origin = origin(target);
        return origin.equals(home) || allowed.contains(origin);
    }

    String home() {
        return home;
    }

    /**
     * The refusal of a request to {@code target}, naming both origins and never a path or query.
     *
     * @param what what points there, e.g. {@code the interface the card names}
     */
    A2AClientException refusal(URI target, String what) {
        String there = origin(target);
        boolean downgrade = home.startsWith("https:") && there.startsWith("http:");
        return new A2AClientException(what + " is on " + there + ", not on " + home
                + ", the origin the credentials were given for; nothing was sent there"
                + (downgrade ? " (a credential given for https never goes over plain http)" : "")
                + ". If that origin belongs to the same agent, allow it explicitly: Credentials.Builder.allowOrigin(\""
                + there + "\") (in the CLI: --allow-origin " + there + ")");
    }

    /**
     * Scheme, host and port, lower case, the port left out when it is the scheme's default; never
     * the user info, path or query, so it is safe in a message.
     */
    static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        int port = uri.getPort();
        if (host == null) {
            // a host java.net.URI does not accept as a server name (an underscore, say): the raw authority
            String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority();
            host = authority.substring(authority.lastIndexOf('@') + 1);
            port = -1;
        }
        int standard = scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        return scheme + "://" + host.toLowerCase(Locale.ROOT) + (port < 0 || port == standard ? "" : ":" + port);
    }

    /**
     * Parses an origin as a caller writes it, {@code https://host[:port]} with no path.
     *
     * @throws IllegalArgumentException when it is not an http(s) origin
     */
    static String parse(String text) {
        URI uri;
        try {
            uri = URI.create(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an origin (https://host[:port]): " + text);
        }
        String path = uri.getRawPath();
        if (uri.getScheme() == null || !uri.getScheme().toLowerCase(Locale.ROOT).matches("https?")
                || uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null
                || uri.getRawFragment() != null || !(path == null || path.isEmpty() || path.equals("/"))) {
            throw new IllegalArgumentException("not an origin (https://host[:port]): " + text);
        }
        return origin(uri);
    }
}
