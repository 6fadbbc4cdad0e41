package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressClassifierTest {
    @ParameterizedTest
    @CsvSource({
            "0.0.0.0, unspecified", "0.1.2.3, unspecified",
            "127.0.0.1, loopback", "127.255.255.254, loopback",
            "10.0.0.1, private", "10.255.255.255, private",
            "172.16.0.1, private", "172.31.255.255, private",
            "192.168.0.1, private", "192.168.255.255, private",
            "169.254.0.1, link-local", "169.254.169.254, metadata",
            "100.64.0.1, carrier-grade", "100.127.255.255, carrier-grade",
            "224.0.0.1, multicast", "239.255.255.255, multicast",
            "240.0.0.1, reserved", "255.255.255.255, broadcast",
            "192.0.0.8, reserved", "192.0.2.1, documentation", "198.18.0.1, benchmarking",
            "198.51.100.7, documentation", "203.0.113.9, documentation",
            "::, unspecified", "::1, loopback",
            "fc00::1, unique-local", "fd12:3456::1, unique-local",
            "fe80::1, link-local", "febf::1, link-local", "fec0::1, site-local",
            "ff02::1, multicast", "2001:db8::1, documentation", "2001::1, Teredo", "100::1, discard",
            "::127.0.0.1, loopback", "::10.1.2.3, private",
            "64:ff9b::a9fe:a9fe, metadata", "64:ff9b::7f00:1, loopback",
            "2002:c0a8:0101::1, private", "2002:7f00:0001::1, loopback",
            "168.63.129.16, Azure wire server",
    })
    void refusesInternalAndReservedAddresses(String address, String reasonWord) throws UnknownHostException {
        Optional<String> refusal = AddressClassifier.refusal(InetAddress.getByName(address));
        assertTrue(refusal.isPresent(), address + " must be refused");
        assertTrue(refusal.get().contains(reasonWord), address + ": " + refusal.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "93.184.216.34", "172.15.255.255", "172.32.0.1",
            "192.167.255.255", "192.169.0.1", "100.63.255.255", "100.128.0.1", "169.253.255.255", "223.255.255.255",
            "11.0.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "fbff::1", "fe7f::1",
            "64:ff9b::808:808", "2002:0808:0808::1", "168.63.129.17", "168.63.128.16", "::ffff:0:8.8.8.8"})
    void acceptsPublicAddresses(String address) throws UnknownHostException {
        assertEquals(Optional.empty(), AddressClassifier.refusal(InetAddress.getByName(address)), address);
    }

    /** The JDK turns textual IPv4-mapped IPv6 into IPv4; raw 16-byte forms are judged by what they carry too. */
    @ParameterizedTest
    @CsvSource({"127.0.0.1, loopback", "10.0.0.5, private", "169.254.169.254, metadata", "192.168.1.1, private"})
    void mappedFormsAreJudgedByTheirIpv4Address(String ipv4, String reasonWord) throws UnknownHostException {
        byte[] v4 = InetAddress.getByName(ipv4).getAddress();
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xFF;
        mapped[11] = (byte) 0xFF;
        System.arraycopy(v4, 0, mapped, 12, 4);
        InetAddress raw = java.net.Inet6Address.getByAddress(null, mapped, -1);
        assertEquals(16, raw.getAddress().length);
        assertTrue(AddressClassifier.refusal(raw).orElseThrow().contains(reasonWord));
        assertTrue(AddressClassifier.refusal(InetAddress.getByName("::ffff:" + ipv4)).orElseThrow()
                .contains(reasonWord));
        assertTrue(AddressClassifier.refusal(raw).orElseThrow().contains(reasonWord));
    }

    /**
     * SIIT's IPv4-translated form ({@code ::ffff:0:a.b.c.d}) reaches the IPv4 address it carries,
     * as does the well-known NAT64 prefix; the local-use NAT64 block is refused whatever it carries,
     * because its prefix length (and so where the IPv4 address sits) is the operator's choice: here
     * 127.0.0.1 in the /48 layout of RFC 6052, whose last four bytes read as 8.8.8.8.
     */
    @ParameterizedTest
    @CsvSource({"::ffff:0:127.0.0.1, loopback", "::ffff:0:10.1.2.3, private", "::ffff:0:169.254.169.254, metadata",
            "::ffff:0:192.168.1.1, private", "::ffff:0:168.63.129.16, metadata",
            "64:ff9b::a83f:8110, metadata", "64:ff9b:1::a00:1, local-use NAT64",
            "64:ff9b:1:7f00:0:100:808:808, local-use NAT64", "64:ff9b:2::808:808, reserved NAT64"})
    void translatedAndNat64FormsAreRefused(String address, String reasonWord) throws UnknownHostException {
        InetAddress parsed = InetAddress.getByName(address);
        assertEquals(16, parsed.getAddress().length, address + " stays an IPv6 address");
        Optional<String> refusal = AddressClassifier.refusal(parsed);
        assertTrue(refusal.isPresent(), address + " must be refused");
        assertTrue(refusal.get().contains(reasonWord), address + ": " + refusal.get());
    }

    @org.junit.jupiter.api.Test
    void mappedPublicAddressIsAccepted() throws UnknownHostException {
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xFF;
        mapped[11] = (byte) 0xFF;
        mapped[12] = 8;
        mapped[13] = 8;
        mapped[14] = 8;
        mapped[15] = 8;
        assertEquals(Optional.empty(), AddressClassifier.refusal(java.net.Inet6Address.getByAddress(null, mapped, -1)));
    }
}
