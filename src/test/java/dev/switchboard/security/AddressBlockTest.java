package dev.switchboard.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class AddressBlockTest {
    @Test
    void anIpv4AddressIsItsOwnBlockInOneSpelling() {
        assertEquals("203.0.113.7", AddressBlock.of("203.0.113.7"));
        assertEquals("203.0.113.7", AddressBlock.of("::ffff:203.0.113.7"), "mapped IPv4 is the IPv4 address");
        assertNotEquals(AddressBlock.of("203.0.113.7"), AddressBlock.of("203.0.113.8"));
    }

    @Test
    void anIpv6AddressCountsAsItsSlash64() {
        assertEquals(AddressBlock.of("2001:db8:1:2::1"), AddressBlock.of("2001:db8:1:2:ffff:ffff:ffff:ffff"),
                "a host picks any address in its /64");
        assertEquals(AddressBlock.of("2001:db8:1:2::1"), AddressBlock.of("[2001:0db8:0001:0002:0:0:0:9]"));
        assertNotEquals(AddressBlock.of("2001:db8:1:2::1"), AddressBlock.of("2001:db8:1:3::1"));
        assertEquals(AddressBlock.of("::1"), AddressBlock.of("0:0:0:0:0:0:0:1"));
    }

    @Test
    void namesAreNeverResolvedAndCountAsThemselves() {
        assertEquals("other:localhost", AddressBlock.of("localhost"));
        assertEquals("unknown", AddressBlock.of(null));
        assertEquals("0:0:0:0:0:0:0:1", AddressBlock.normalise("::1"));
        assertEquals("example.org", AddressBlock.normalise("example.org"));
    }
}
