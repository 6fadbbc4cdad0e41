package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.FakeAgent;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every host {@code card check} would reach, redirect targets included, is judged before anything is sent. */
class PublicFetchTest {
    /** Gives localhost a public address (the JDK still connects to loopback), and a metadata name its address. */
    private static final PublicFetch.Resolver RESOLVER = host -> switch (host) {
        case "localhost" -> new InetAddress[] {InetAddress.getByAddress(host, new byte[] {93, (byte) 184, (byte) 216, 34})};
        case "metadata.google.internal" -> new InetAddress[] {InetAddress.getByAddress(host,
                new byte[] {(byte) 169, (byte) 254, (byte) 169, (byte) 254})};
        default -> InetAddress.getAllByName(host);
    };

    @Test
    void aNameForTheMetadataServiceIsRefused() {
        PublicFetch fetch = new PublicFetch(Duration.ofSeconds(5), false, RESOLVER);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fetch.check(URI.create("http://metadata.google.internal/computeMetadata/v1/")));
        assertTrue(e.getMessage().contains("the cloud metadata service address"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> fetch.check(URI.create("http://[::1]:8080/")));
        assertThrows(IllegalArgumentException.class, () -> fetch.check(URI.create("file:///etc/passwd")));
    }

    @Test
    void aRedirectToANonPublicAddressIsRefusedBeforeItIsFollowed() throws Exception {
        try (FakeAgent agent = new FakeAgent(); FakeAgent inside = new FakeAgent()) {
            int port = URI.create(agent.base()).getPort();
            agent.redirect("/card.json", 302, inside.base() + "/card.json");
            inside.answer("/card.json", 200, "{}");
            PublicFetch fetch = new PublicFetch(Duration.ofSeconds(5), false, RESOLVER);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> fetch.get(URI.create("http://localhost:" + port + "/card.json"), "application/json", 1024));
            assertTrue(e.getMessage().contains("a loopback address"), e.getMessage());
            assertEquals(1, agent.received.size());
            assertEquals(List.of(), inside.received);

            PublicFetch allowed = new PublicFetch(Duration.ofSeconds(5), true, RESOLVER);
            PublicFetch.Answer answer = allowed.get(URI.create(agent.base() + "/card.json"), "application/json", 1024);
            assertEquals(200, answer.status());
            assertEquals(URI.create(inside.base() + "/card.json"), answer.uri());
            assertThrows(IllegalArgumentException.class,
                    () -> allowed.get(URI.create(agent.base() + "/card.json"), "application/json", 1));
        }
    }
}
