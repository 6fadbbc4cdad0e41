package dev.switchboard.push;

import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.task.WebhookCheck;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SSRF guard: which webhook URLs the server may call. At registration it judges only what
 * needs no DNS (scheme, syntax, literal addresses, {@code localhost} names, the allowlist): a
 * lookup there would hold a request thread for as long as a stranger's name server likes, and its
 * answer, echoed in a refusal, would tell the caller what internal names resolve to. Before every
 * delivery, on a sender thread, the host is resolved and every address it resolves to is checked
 * ({@link AddressClassifier}) unless the host or the address is allowlisted; the delivery then
 * connects to a checked address itself.
 */
public final class WebhookGuard implements WebhookCheck {
    /** Resolves a host to all of its addresses. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Why a webhook may not be called (any more); the reason names no resolved address. */
    public static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private static final String INTERNAL = "; this agent does not send notifications into internal networks";

    private final PushSettings settings;
    private final Resolver resolver;

    public WebhookGuard(PushSettings settings, Resolver resolver) {
        this.settings = settings;
        this.resolver = resolver;
    }

    public WebhookGuard(PushSettings settings) {
        this(settings, InetAddress::getAllByName);
    }

    /** At registration: never resolves a name; a host name is judged at every delivery. */
    @Override
    public void check(String url, String field) {
        String host = bare(parse(url, field).getHost());
        if (!settings.guard() || allowedHost(host)) {
            return;
        }
        Optional<InetAddress> named = literal(host).or(() -> isLocalhost(host)
                ? Optional.of(InetAddress.getLoopbackAddress()) : Optional.empty());
        named.filter(address -> !allowedRange(address)).flatMap(AddressClassifier::refusal).ifPresent(refusal -> {
            throw A2AException.invalidField(field, "is refused: " + host + " is " + refusal + INTERNAL);
        });
    }

    /**
     * Before a delivery, on the sender's thread: the addresses to connect to.
     *
     * @throws UnknownHostException when the host does not resolve (a delivery failure, retried)
     * @throws Refused              when the URL is not allowed (any more): the config is cut off
     */
    public WebhookTarget target(String url) throws UnknownHostException, Refused {
        URI uri;
        try {
            uri = parse(url, "url");
        } catch (A2AException refused) {
            throw new Refused(refused.getMessage());
        }
        String host = bare(uri.getHost());
        Optional<InetAddress> literal = literal(host);
        List<InetAddress> addresses = literal.isPresent() ? List.of(literal.get()) : List.of(resolver.resolve(host));
        if (addresses.isEmpty()) {
            throw new UnknownHostException(host);
        }
        if (settings.guard() && !allowedHost(host)) {
            for (InetAddress address : addresses) {
                Optional<String> refusal = allowedRange(address) ? Optional.empty()
                        : AddressClassifier.refusal(address);
                if (refusal.isPresent()) {
                    throw new Refused((literal.isPresent() ? "the address is " : "the host resolves to ")
                            + refusal.get() + INTERNAL);
                }
            }
        }
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

    private boolean allowedHost(String host) {
        return settings.allowedHosts().contains(host.toLowerCase(Locale.ROOT));
    }

    private boolean allowedRange(InetAddress address) {
        return settings.allowedRanges().stream().anyMatch(range -> range.contains(address));
    }

    /**
     * The address a literal host stands for. The JDK resolves text that only looks like an
     * address (an octet above 255) as a name, so such text is no literal here.
     */
    private static Optional<InetAddress> literal(String host) {
        if (!Cidr.isLiteral(host) || host.indexOf(':') < 0 && Arrays.stream(host.split("\\."))
                .anyMatch(octet -> Integer.parseInt(octet) > 255)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(host));
        } catch (UnknownHostException malformed) {
            return Optional.empty();
        }
    }

    /** RFC 6761: {@code localhost} and every name under it are loopback, whatever DNS would say. */
    private static boolean isLocalhost(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        return name.equals("localhost") || name.endsWith(".localhost");
    }

    private static String bare(String host) {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }
}
