package dev.switchboard.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * What limits count an anonymous caller as: the block of addresses one subscriber usually holds.
 * An IPv4 address is its own block; an IPv6 address counts as its /64, which a single host can
 * change its address within at will. An IPv4 address written as IPv6 (mapped) is the IPv4 one.
 * Only literal addresses are read: nothing here consults DNS.
 */
public final class AddressBlock {
    private static final int IPV6_PREFIX_BYTES = 8;
    // compiled once: every request's caller and limit filters ask, String.matches compiles per call
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+(%[\\w.]+)?");

    private AddressBlock() {
    }

    /** The block of a literal address; anything that is not one counts as itself. */
    public static String of(String address) {
        if (address == null || address.isBlank()) {
            return "unknown";
        }
        String literal = address.trim();
        if (literal.startsWith("[") && literal.endsWith("]")) {
            literal = literal.substring(1, literal.length() - 1);
        }
        if (!isLiteral(literal)) {
            return "other:" + literal;
        }
        try {
            byte[] bytes = InetAddress.getByName(literal).getAddress();
            if (bytes.length == 4) {
                return InetAddress.getByAddress(bytes).getHostAddress();
            }
            byte[] prefix = Arrays.copyOf(bytes, 16);
            Arrays.fill(prefix, IPV6_PREFIX_BYTES, 16, (byte) 0);
            return InetAddress.getByAddress(prefix).getHostAddress() + "/64";
        } catch (UnknownHostException e) {
            return "other:" + literal;
        }
    }

    /** The address in one spelling: {@code ::1} and {@code 0:0:0:0:0:0:0:1} are the same caller. */
    public static String normalise(String address) {
        if (address == null || !isLiteral(address.trim())) {
            return address == null ? null : address.trim();
        }
        try {
            return InetAddress.getByName(address.trim()).getHostAddress();
        } catch (UnknownHostException e) {
            return address.trim();
        }
    }

    /** An IPv4 or IPv6 literal (an optional IPv6 zone aside), so that parsing it cannot reach DNS. */
    static boolean isLiteral(String text) {
        return IPV4.matcher(text).matches() || (text.contains(":") && IPV6.matcher(text).matches());
    }
}
