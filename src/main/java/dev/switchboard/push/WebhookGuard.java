package dev.switchboard.push;

import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.task.WebhookCheck;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SSRF guard: which webhook URLs the server may call, checked when a config is registered and
 * again before every delivery. The host is resolved and every address it resolves to is checked
 * ({@link AddressClassifier}), unless the host or the address is on the operator's allowlist; a
 * delivery then connects to the checked address itself.
 */
public final class WebhookGuard implements WebhookCheck {
    /** Resolves a host to all of its addresses. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final PushSettings settings;
    private final Resolver resolver;

    public WebhookGuard(PushSettings settings, Resolver resolver) {
        this.settings = settings;
        this.resolver = resolver;
    }

    public WebhookGuard(PushSettings settings) {
        this(settings, InetAddress::getAllByName);
    }

    /**
     * At registration. A host that does not resolve now is accepted: it cannot be judged, and
     * every delivery resolves and judges it again.
     */
    @Override
    public void check(String url, String field) {
        URI uri = parse(url, field);
        try {
            resolveChecked(uri, field);
        } catch (UnknownHostException unresolved) {
            // judged at delivery
        }
    }

    /**
     * Before a delivery: the address to connect to.
     *
     * @throws UnknownHostException when the host does not resolve (a delivery failure, retried)
     * @throws A2AException         when the URL is not allowed any more (the config is cut off)
     */
    public WebhookTarget target(String url) throws UnknownHostException {
        URI uri = parse(url, "url");
        List<InetAddress> addresses = resolveChecked(uri, "url");
        boolean https = uri.getScheme().equalsIgnoreCase("https");
        int port = uri.getPort() >= 0 ? uri.getPort() : https ? 443 : 80;
        return new WebhookTarget(uri, uri.getHost(), port, addresses, https);
    }

    private URI parse(String url, String field) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw A2AException.invalidField(field, "is not a valid URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw A2AException.invalidField(field, "must be an absolute https URL with a host");
        }
        if (scheme.equals("http") && !settings.allowHttp()) {
            throw A2AException.invalidField(field, "must use https: this agent does not send notifications over plain http");
        }
        if (uri.getRawUserInfo() != null) {
            throw A2AException.invalidField(field, "must not carry user information; use authentication instead");
        }
        if (uri.getRawFragment() != null) {
            throw A2AException.invalidField(field, "must not have a fragment");
        }
        return uri;
    }

    /** Resolves the host and checks every address; returns them all. */
    private List<InetAddress> resolveChecked(URI uri, String field) throws UnknownHostException {
        String host = uri.getHost();
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses = Cidr.isLiteral(bare)
                ? new InetAddress[] {InetAddress.getByName(bare)} : resolver.resolve(bare);
        if (addresses.length == 0) {
            throw new UnknownHostException(bare);
        }
        if (!settings.guard() || settings.allowedHosts().contains(bare.toLowerCase(Locale.ROOT))) {
            return List.of(addresses);
        }
        for (InetAddress address : addresses) {
            if (settings.allowedRanges().stream().anyMatch(range -> range.contains(address))) {
                continue;
            }
            Optional<String> refusal = AddressClassifier.refusal(address);
            if (refusal.isPresent()) {
                String named = Cidr.isLiteral(bare) ? "" : " resolves to " + address.getHostAddress() + ",";
                throw A2AException.invalidField(field, "is refused: " + bare + named + " " + refusal.get()
                        + "; this agent does not send notifications into internal networks");
            }
        }
        return List.of(addresses);
    }
}
