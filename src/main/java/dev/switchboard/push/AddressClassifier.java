package dev.switchboard.push;

import java.net.InetAddress;
import java.util.Optional;

/**
 * Tells addresses a webhook may reach from those inside the operator's network or otherwise not
 * a public host: loopback, private, shared (CGNAT), link-local (the cloud metadata service at
 * 169.254.169.254 among them), Azure's wire server 168.63.129.16 (a public address that every Azure
 * VM reaches as its platform endpoint), multicast, unspecified, reserved and documentation blocks,
 * IPv6 unique-local and link-local, and every IPv6 form that carries an IPv4 address (mapped,
 * SIIT-translated, compatible, NAT64, 6to4), which is judged by the address it carries. The
 * local-use NAT64 block 64:ff9b:1::/48 is refused whole: its operator chooses the prefix length,
 * so where the IPv4 address sits cannot be known, and its translators serve the operator's network.
 */
public final class AddressClassifier {
    private AddressClassifier() {
    }

    /** @return why the address must not be called, or empty for a public address */
    public static Optional<String> refusal(InetAddress address) {
        byte[] bytes = address.getAddress();
        return bytes.length == 4 ? ipv4(bytes) : ipv6(bytes);
    }

    private static Optional<String> ipv4(byte[] b) {
        int a0 = b[0] & 0xFF;
        int a1 = b[1] & 0xFF;
        int a2 = b[2] & 0xFF;
        if (a0 == 168 && a1 == 63 && a2 == 129 && (b[3] & 0xFF) == 16) {
            return reason("the cloud metadata service address (Azure wire server)");
        }
        if (a0 == 0) {
            return reason("an unspecified (0.0.0.0/8) address");
        }
        if (a0 == 127) {
            return reason("a loopback address");
        }
        if (a0 == 10 || (a0 == 172 && (a1 & 0xF0) == 16) || (a0 == 192 && a1 == 168)) {
            return reason("a private address");
        }
        if (a0 == 169 && a1 == 254) {
            return reason(a2 == 169 && (b[3] & 0xFF) == 254
                    ? "the cloud metadata service address" : "a link-local address");
        }
        if (a0 == 100 && (a1 & 0xC0) == 64) {
            return reason("a shared (carrier-grade NAT) address");
        }
        if (a0 >= 224 && a0 <= 239) {
            return reason("a multicast address");
        }
        if (a0 >= 240) {
            return reason("a reserved or broadcast address");
        }
        if ((a0 == 192 && a1 == 0 && (a2 == 0 || a2 == 2)) || (a0 == 198 && (a1 & 0xFE) == 18)
                || (a0 == 198 && a1 == 51 && a2 == 100) || (a0 == 203 && a1 == 0 && a2 == 113)) {
            return reason("a reserved (protocol, benchmarking or documentation) address");
        }
        return Optional.empty();
    }

    private static Optional<String> ipv6(byte[] b) {
        if (zeros(b, 0, 8) && ff(b, 8) && zeros(b, 10, 12)) {
            return embedded(b, 12, "IPv4-translated");
        }
        if (zeros(b, 0, 10)) {
            if (ff(b, 10)) {
                return embedded(b, 12, "IPv4-mapped");
            }
            if (zeros(b, 10, 12)) {
                if (zeros(b, 12, 15)) {
                    return reason(b[15] == 0 ? "the unspecified address" : b[15] == 1 ? "a loopback address"
                            : "a reserved address");
                }
                return embedded(b, 12, "IPv4-compatible");
            }
        }
        int first = ((b[0] & 0xFF) << 8) | (b[1] & 0xFF);
        if (first == 0x0064 && (b[2] & 0xFF) == 0xFF && (b[3] & 0xFF) == 0x9B) {
            if (zeros(b, 4, 12)) {
                return embedded(b, 12, "NAT64");
            }
            return reason(b[4] == 0 && b[5] == 1 ? "a local-use NAT64 (64:ff9b:1::/48) address"
                    : "a reserved NAT64 (64:ff9b::/32) address");
        }
        if (first == 0x2002) {
            return embedded(b, 2, "6to4");
        }
        if ((first & 0xFE00) == 0xFC00) {
            return reason("a unique-local (fc00::/7) address");
        }
        if ((first & 0xFFC0) == 0xFE80) {
            return reason("a link-local (fe80::/10) address");
        }
        if ((first & 0xFFC0) == 0xFEC0) {
            return reason("a site-local (fec0::/10) address");
        }
        if ((first & 0xFF00) == 0xFF00) {
            return reason("a multicast address");
        }
        if (first == 0x2001 && b[2] == 0 && b[3] == 0) {
            return reason("a Teredo tunnel address");
        }
        if (first == 0x2001 && (b[2] & 0xFF) == 0x0D && (b[3] & 0xFF) == 0xB8) {
            return reason("a documentation address");
        }
        if (first == 0x0100 && zeros(b, 2, 8)) {
            return reason("a discard-only address");
        }
        return Optional.empty();
    }

    /** An IPv6 address carrying an IPv4 one is as reachable as the IPv4 address it carries. */
    private static Optional<String> embedded(byte[] b, int from, String form) {
        byte[] v4 = {b[from], b[from + 1], b[from + 2], b[from + 3]};
        return ipv4(v4).map(reason -> reason + " (in " + form + " form)");
    }

    /** Whether the two bytes from {@code at} are both 0xFF. */
    private static boolean ff(byte[] b, int at) {
        return (b[at] & 0xFF) == 0xFF && (b[at + 1] & 0xFF) == 0xFF;
    }

    private static boolean zeros(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> reason(String text) {
        return Optional.of(text);
    }

}
