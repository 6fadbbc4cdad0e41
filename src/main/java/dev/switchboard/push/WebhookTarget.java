package dev.switchboard.push;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;

/**
 * A webhook URL with the addresses it was checked at: the connection goes to one of those, in
 * order, so no second DNS answer can send it elsewhere.
 *
 * @param host      the host as written in the URL, for the Host header, SNI and certificate checks
 * @param addresses every address the host resolved to, all checked
 */
public record WebhookTarget(URI url, String host, int port, List<InetAddress> addresses, boolean https) {
    public WebhookTarget {
        addresses = List.copyOf(addresses);
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("a webhook target needs an address");
        }
    }

    /** The first checked address. */
    public InetAddress address() {
        return addresses.get(0);
    }
}
