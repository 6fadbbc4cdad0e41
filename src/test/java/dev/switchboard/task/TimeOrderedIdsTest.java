package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeOrderedIdsTest {
    private static final Instant CREATED = Instant.parse("2026-12-03T18:00:00.123Z");

    @Test
    void anIdIsAVersion7UuidCarryingItsCreationMillisecond() {
        UUID id = UUID.fromString(new TimeOrderedIds(Clock.fixed(CREATED, ZoneOffset.UTC)).next());
        assertEquals(7, id.version());
        assertEquals(2, id.variant());
        assertEquals(CREATED.toEpochMilli(), id.getMostSignificantBits() >>> 16);
    }

    @Test
    void idsOfLaterMillisecondsSortAfterEarlierOnesAsStrings() {
        String earlier = new TimeOrderedIds(Clock.fixed(CREATED, ZoneOffset.UTC)).next();
        String later = new TimeOrderedIds(Clock.fixed(CREATED.plusMillis(1), ZoneOffset.UTC)).next();
        String muchLater = new TimeOrderedIds(Clock.fixed(CREATED.plusSeconds(86_400L * 365 * 50), ZoneOffset.UTC)).next();
        assertTrue(earlier.compareTo(later) < 0, earlier + " < " + later);
        assertTrue(later.compareTo(muchLater) < 0, later + " < " + muchLater);
    }

    @Test
    void idsOfTheSameMillisecondDifferInTheirRandomBits() {
        TimeOrderedIds ids = new TimeOrderedIds(Clock.fixed(CREATED, ZoneOffset.UTC));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(seen.add(ids.next()), "a repeated id after " + i);
        }
    }
}
