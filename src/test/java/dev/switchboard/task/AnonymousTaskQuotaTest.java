package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.Caller;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.ServerCallContext;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class AnonymousTaskQuotaTest {
    private static ServerCallContext anonymous(String cookie, String address) {
        return new ServerCallContext(new Caller(Caller.Kind.ANONYMOUS, "cookie:" + cookie, Tier.PUBLIC, null),
                ProtocolVersion.V1_0, null, address);
    }

    @Test
    void anAddressMayStartSoManyTasksAMinuteWhateverCookieOrKeyItPresents() {
        TaskQuota quota = AnonymousTaskQuota.perMinute(2, Clock.systemUTC());
        quota.admit(anonymous("a", "198.51.100.1"));
        quota.admit(anonymous("b", "198.51.100.1"));
        LimitExceeded refused = assertThrows(LimitExceeded.class, () -> quota.admit(anonymous("c", "198.51.100.1")));
        assertEquals("TASK_QUOTA", refused.reason());
        assertTrue(refused.retryAfterSeconds() >= 1 && refused.retryAfterSeconds() <= 60);
        assertDoesNotThrow(() -> quota.admit(anonymous("a", "198.51.100.2")), "another address starts its own");
        Caller keyHolder = new Caller(Caller.Kind.API_KEY, "key:k", Tier.AUTHENTICATED, "k");
        for (int i = 0; i < 10; i++) {
            assertDoesNotThrow(() -> quota.admit(new ServerCallContext(keyHolder, ProtocolVersion.V1_0, null,
                    "198.51.100.1")), "key holders are bounded by their request limit only");
        }
    }

    @Test
    void zeroMeansNoBound() {
        assertEquals(TaskQuota.NONE, AnonymousTaskQuota.perMinute(0, Clock.systemUTC()));
    }
}
