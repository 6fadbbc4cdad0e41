package dev.switchboard.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An address block such as {@code 10.0.0.0/8} or {@code fd00::/8}; a bare address is a block of
 * one. Only literal addresses are accepted: parsing never consults DNS.
 */
public record Cidr(byte[] network, int prefix) {
    // compiled once: the trusted-proxy check asks on every request, String.matches compiles per call
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+");

    public Cidr {
        Objects.requireNonNull(network, "network");
        network = network.clone();
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("prefix out of range");
        }
    }

    /** @throws IllegalArgumentException when the text is not a literal address with an optional prefix */
    public static Cidr parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        if (!isLiteral(address)) {
            throw new IllegalArgumentException("not an IP address: " + address);
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + address);
        }
        int prefix = bytes.length * 8;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a prefix length: " + trimmed.substring(slash + 1));
            }
        }
        return new Cidr(bytes, prefix);
    }

    /** Whether the text is an IPv4 or IPv6 literal, so that resolving it cannot reach DNS. */
    public static boolean isLiteral(String text) {
        return IPV4.matcher(text).matches() || (text.contains(":") && IPV6.matcher(text).matches());
    }

    /** Whether the address lies in this block; an IPv4 address never matches an IPv6 block. */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (bytes[full] & mask) == (network[full] & mask);
    }

    @Override
    public byte[] network() {
        return network.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Cidr cidr && prefix == cidr.prefix && java.util.Arrays.equals(network, cidr.network);
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Arrays.hashCode(network) + prefix;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
