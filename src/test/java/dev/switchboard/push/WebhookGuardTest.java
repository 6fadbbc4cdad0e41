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
import org.junit.jupiter.api.Test;

class WebhookGuardTest {
    private static final Map<String, List<String>> DNS = Map.of(
            "hooks.example.com", List.of("93.184.216.34"),
            "sneaky.example.com", List.of("93.184.216.34", "10.0.0.7"),
            "metadata.example.com", List.of("169.254.169.254"),
            "v6.example.com", List.of("fd00::1"));

    private static WebhookGuard guard(PushSettings settings) {
        return new WebhookGuard(settings, host -> {
            List<String> addresses = DNS.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            InetAddress[] resolved = new InetAddress[addresses.size()];
            for (int i = 0; i < resolved.length; i++) {
                resolved[i] = InetAddress.getByName(addresses.get(i));
            }
            return resolved;
        });
    }

    private static A2AException refused(WebhookGuard guard, String url) {
        A2AException e = assertThrows(A2AException.class, () -> guard.check(url, "url"));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        return e;
    }

    @Test
    void publicHttpsHostIsAcceptedAndPinnedToItsCheckedAddress() throws UnknownHostException {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        assertDoesNotThrow(() -> guard.check("https://hooks.example.com/a2a", "url"));
        WebhookTarget target = guard.target("https://hooks.example.com/a2a");
        assertEquals("93.184.216.34", target.address().getHostAddress());
        assertEquals("hooks.example.com", target.host());
        assertEquals(443, target.port());
    }

    @Test
    void everyResolvedAddressIsChecked() {
        assertTrue(refused(guard(PushSettings.DEFAULT), "https://sneaky.example.com/x").getMessage()
                .contains("10.0.0.7"));
        assertTrue(refused(guard(PushSettings.DEFAULT), "https://metadata.example.com/x").getMessage()
                .contains("metadata"));
        refused(guard(PushSettings.DEFAULT), "https://v6.example.com/x");
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
        assertDoesNotThrow(() -> guard(allow).check("https://sneaky.example.com/x", "url"));
        assertDoesNotThrow(() -> guard(allow).check("https://v6.example.com/x", "url"));
        refused(guard(allow), "https://10.0.0.1/x");
    }

    @Test
    void unresolvableHostIsJudgedAtDelivery() {
        WebhookGuard guard = guard(PushSettings.DEFAULT);
        assertDoesNotThrow(() -> guard.check("https://nowhere.example.com/x", "url"));
        assertThrows(UnknownHostException.class, () -> guard.target("https://nowhere.example.com/x"));
    }
}
