package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SenderSlotsTest {
    private final SenderSlots slots = new SenderSlots(4, Duration.ofSeconds(2));

    @Test
    void oneDestinationHoldsAtMostHalfTheSenders() {
        assertNotNull(slots.take("hole:443", false, 0));
        assertNotNull(slots.take("hole:443", false, 0));
        assertNull(slots.take("hole:443", false, 0), "however many configs point at it");
        SenderSlots.Slot other = slots.take("hooks:443", false, 0);
        assertNotNull(other);
        assertNotNull(slots.take("more:443", false, 0));
        assertTrue(slots.full());
        assertNull(slots.take("yet-another:443", false, 0));
        slots.release(other);
        assertFalse(slots.full());
        assertNotNull(slots.take("yet-another:443", false, 0));
    }

    @Test
    void slowDestinationsAndFailingConfigsShareHalfTheSenders() {
        slots.took("hole:443", 10_000, 0);
        assertTrue(slots.isSlow("hole:443", 1));
        SenderSlots.Slot first = slots.take("hole:443", false, 1);
        assertTrue(first.slow());
        assertNotNull(slots.take("failing:443", true, 1));
        assertNull(slots.take("other-failing:443", true, 1), "the slow half is taken");
        assertNotNull(slots.take("hooks:443", false, 1), "quick ones still go");
        slots.release(first);
        assertNotNull(slots.take("other-failing:443", true, 1));
    }

    @Test
    void aQuickAnswerClearsTheMarkAndMarksExpire() {
        slots.took("hooks:443", 2_001, 0);
        assertTrue(slots.isSlow("hooks:443", 0));
        slots.took("hooks:443", 20, 0);
        assertFalse(slots.isSlow("hooks:443", 0));
        slots.took("hole:443", 10_000, 0);
        assertFalse(slots.isSlow("hole:443", SenderSlots.REMEMBER.toMillis()));
    }

    @Test
    void destinationsAreHostAndPortAsWritten() {
        assertEquals("hooks.example.com:443", SenderSlots.destination("https://Hooks.Example.com/a?b"));
        assertEquals("hooks.example.com:80", SenderSlots.destination("http://hooks.example.com/other"));
        assertEquals("[::1]:8443", SenderSlots.destination("https://[::1]:8443/x"));
        assertEquals("not a url", SenderSlots.destination("not a url"));
    }
}
