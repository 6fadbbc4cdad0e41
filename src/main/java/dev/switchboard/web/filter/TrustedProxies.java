package dev.switchboard.web.filter;

import dev.switchboard.config.Cidr;
import dev.switchboard.security.AddressBlock;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * The client's address behind the proxies the operator trusts: the connection's, unless it comes
 * from a trusted block, in which case the last address in {@code X-Forwarded-For} that is not
 * itself trusted. Untrusted senders cannot pick their address by writing the header; one that
 * sends it is most likely a proxy the operator forgot to name, which is said once in the log.
 * Addresses come out in one spelling ({@code ::1}, not {@code 0:0:0:0:0:0:0:1}).
 */
final class TrustedProxies {
    private static final Logger LOG = Logger.getLogger(TrustedProxies.class.getName());

    private final List<Cidr> trusted;
    private final AtomicBoolean warned = new AtomicBoolean();

    TrustedProxies(List<Cidr> trusted) {
        this.trusted = List.copyOf(trusted);
    }

    String clientAddress(String remote, String forwardedFor) {
        String connection = AddressBlock.normalise(remote);
        if (forwardedFor == null) {
            return connection;
        }
        if (!isTrusted(connection)) {
            if (warned.compareAndSet(false, true)) {
                LOG.warning("A request from " + connection + " carried X-Forwarded-For, and that address is not"
                        + " in switchboard.trusted.proxies: the header is ignored. If a proxy of yours sends"
                        + " requests from there, name it, or every client behind it is counted as one."
                        + " (Said once.)");
            }
            return connection;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = AddressBlock.normalise(hops[i].trim());
            if (hop != null && !hop.isEmpty() && !isTrusted(hop)) {
                return hop;
            }
        }
        return connection;
    }

    private boolean isTrusted(String address) {
        if (trusted.isEmpty() || address == null || !Cidr.isLiteral(address)) {
            return false;
        }
        try {
            InetAddress parsed = InetAddress.getByName(address);
            return trusted.stream().anyMatch(block -> block.contains(parsed));
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
