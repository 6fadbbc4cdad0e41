package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WebhookGuardTest {
    private static final Map<String, List<String>> DNS = Map.of(
            "hooks.example.com", List.of("93.184.216.34"),
            "sneaky.example.com", List.of("93.184.216.34", "10.0.0.7"),
            "metadata.example.com", List.of("169.254.169.254"),
            "v6.example.com", List.of("fd00::1"));

    private static WebhookGuard guard(PushSettings settings) {
        return new WebhookGuard(settings, host -> {
            if (!DNS.containsKey(host)) {
                throw new UnknownHostException(host);
            }
            return resolve(host);
        });
    }

    private static A2AException refused(WebhookGuard guard, String url) {
        A2AException e = assertThrows(A2AException.class, () -> guard.check(url, "url"));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        return e;
    }

    /** A guard whose resolver counts its lookups. */
    private static WebhookGuard counting(PushSettings settings, AtomicInteger lookups) {
        return new WebhookGuard(settings, host -> {
            lookups.incrementAndGet();
            return DNS.containsKey(host) ? resolve(host) : new InetAddress[0];
        });
    }

    private static InetAddress[] resolve(String host) throws UnknownHostException {
        List<String> addresses = DNS.get(host);
        InetAddress[] resolved = new InetAddress[addresses.size()];
        for (int i = 0; i < resolved.length; i++) {
            resolved[i] = InetAddress.getByName(addresses.get(i));
        }
        return resolved;
    }

    private static WebhookGuard.Refused refusedAtDelivery(WebhookGuard guard, String url) {
        return assertThrows(WebhookGuard.Refused.class, () -> guard.target(url));
    }

    @Test
    void publicHttpsHostIsAcceptedAndPinnedToItsCheckedAddress() throws Exception {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        assertDoesNotThrow(() -> guard.check("https://hooks.example.com/a2a", "url"));
        WebhookTarget target = guard.target("https://hooks.example.com/a2a");
        assertEquals("93.184.216.34", target.address().getHostAddress());
        assertEquals("hooks.example.com", target.host());
        assertEquals(443, target.port());
    }

    /** No lookup at registration: it would hold the request thread, and its answer is an oracle. */
    @Test
    void registrationNeverResolvesAName() {
        AtomicInteger lookups = new AtomicInteger();
        WebhookGuard guard = counting(PushSettings.DEFAULT, lookups);
        for (String url : List.of("https://hooks.example.com/a2a", "https://sneaky.example.com/x",
                "https://metadata.example.com/x", "https://v6.example.com/x", "https://nowhere.example.com/x")) {
            assertDoesNotThrow(() -> guard.check(url, "url"), url);
        }
        assertEquals(0, lookups.get());
    }

    @Test
    void everyResolvedAddressIsCheckedAtDeliveryAndNoneIsNamed() {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        String sneaky = refusedAtDelivery(guard, "https://sneaky.example.com/x").getMessage();
        assertTrue(sneaky.contains("private") && !sneaky.contains("10.0.0.7"), sneaky);
        String metadata = refusedAtDelivery(guard, "https://metadata.example.com/x").getMessage();
        assertTrue(metadata.contains("metadata") && !metadata.contains("169.254"), metadata);
        String v6 = refusedAtDelivery(guard, "https://v6.example.com/x").getMessage();
        assertTrue(v6.contains("unique-local") && !v6.contains("fd00"), v6);
    }

    @Test
    void localhostNamesAreLoopbackWithoutAsking() {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        for (String url : List.of("https://localhost/x", "https://LOCALHOST./x", "https://hooks.localhost:8443/x")) {
            assertTrue(refused(guard, url).getMessage().contains("loopback"), url);
        }
        PushSettings loopbackAllowed = new PushSettings(true, true, true, Set.of(),
                List.of(Cidr.parse("127.0.0.0/8"), Cidr.parse("::1")));
        assertDoesNotThrow(() -> guard(loopbackAllowed).check("http://localhost:8888/webhook", "url"));
    }

    @Test
    void literalInternalAddressesAreRefused() {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        for (String url : List.of("https://127.0.0.1/x", "https://10.1.2.3/x", "https://169.254.169.254/latest",
                "https://[::1]/x", "https://[::ffff:127.0.0.1]/x", "https://[fd00::1]:8443/x", "https://0.0.0.0/")) {
            refused(guard, url);
        }
    }

    @Test
    void onlyHttpsUnlessHttpIsAllowed() {
        assertTrue(refused(guard(PushSettings.DEFAULT), "http://hooks.example.com/x").getMessage().contains("https"));
        refused(guard(PushSettings.DEFAULT), "ftp://hooks.example.com/x");
        refused(guard(PushSettings.DEFAULT), "https://user:pw@hooks.example.com/x");
        refused(guard(PushSettings.DEFAULT), "/relative");
        PushSettings http = new PushSettings(true, true, true, Set.of(), List.of());
        assertDoesNotThrow(() -> guard(http).check("http://hooks.example.com/x", "url"));
        refused(guard(http), "http://127.0.0.1:8080/x");
    }

    @Test
    void allowlistedHostsAndRangesPass() {
        PushSettings allow = new PushSettings(true, true, true, Set.of("sneaky.example.com"),
                List.of(Cidr.parse("127.0.0.0/8"), Cidr.parse("fd00::/8")));
        assertDoesNotThrow(() -> guard(allow).check("http://127.0.0.1:9000/hook", "url"));
        assertDoesNotThrow(() -> guard(allow).target("http://127.0.0.1:9000/hook"));
        assertDoesNotThrow(() -> guard(allow).target("https://sneaky.example.com/x"));
        assertDoesNotThrow(() -> guard(allow).target("https://v6.example.com/x"));
        refused(guard(allow), "https://10.0.0.1/x");
        refusedAtDelivery(guard(allow), "https://metadata.example.com/x");
    }

    @Test
    void unresolvableHostIsJudgedAtDelivery() {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        assertDoesNotThrow(() -> guard.check("https://nowhere.example.com/x", "url"));
        assertThrows(UnknownHostException.class, () -> guard.target("https://nowhere.example.com/x"));
    }

    @Test
    void urlsRefusedSinceRegistrationAreRefusedAtDelivery() {
        PushSettings httpsOnly = PushSettings.DEFAULT;
        assertTrue(refusedAtDelivery(guard(httpsOnly), "http://hooks.example.com/x").getMessage().contains("https"));
        assertTrue(refusedAtDelivery(guard(httpsOnly), "https://10.1.2.3/x").getMessage().contains("private"));
    }
}
