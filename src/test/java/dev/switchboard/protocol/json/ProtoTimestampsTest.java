package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ProtoTimestampsTest {
    private static final Instant HALF_PAST = Instant.parse("2025-10-28T10:30:00Z");

    private static Instant parse(String text) {
        return ProtoTimestamps.parse(text, "timestamp");
    }

    @Test
    void readsZuluWithAnyProtoJsonPrecision() {
        assertEquals(HALF_PAST, parse("2025-10-28T10:30:00Z"));
        assertEquals(HALF_PAST.plusMillis(123), parse("2025-10-28T10:30:00.123Z"));
        assertEquals(HALF_PAST.plusNanos(123_456_000), parse("2025-10-28T10:30:00.123456Z"));
        assertEquals(HALF_PAST.plusNanos(123_456_789), parse("2025-10-28T10:30:00.123456789Z"));
        assertEquals(HALF_PAST, parse("2025-10-28t10:30:00z"));
    }

    @Test
    void readsOffsetsAsTheSameInstant() {
        assertEquals(HALF_PAST, parse("2025-10-28T12:30:00+02:00"));
        assertEquals(HALF_PAST.plusMillis(500), parse("2025-10-28T05:00:00.500-05:30"));
        assertEquals(HALF_PAST, parse("2025-10-28T10:30:00+00:00"));
    }

    @Test
    void readsAZonelessValueAsUtc() {
        assertEquals(HALF_PAST, parse("2025-10-28T10:30:00"));
        assertEquals(HALF_PAST.plusMillis(250), parse("2025-10-28T10:30:00.250"));
    }

    @Test
    void refusesWhatIsNotADateTime() {
        for (String bad : new String[] {"-1", "", "0", "2025-10-28", "10:30:00Z", "2025-10-28 10:30:00Z",
                "2025-02-30T10:30:00Z", "2025-10-28T25:00:00Z", "2025-10-28T10:30:00.1234567890Z",
                "2025-10-28T10:30:00+0200", "yesterday"}) {
            assertInvalid("status.timestamp", () -> ProtoTimestamps.parse(bad, "status.timestamp"));
        }
    }

    @Test
    void writesUtcWithExactlyThreeFractionDigits() {
        assertEquals("2025-10-28T10:30:00.000Z", ProtoTimestamps.format(HALF_PAST));
        assertEquals("2025-10-28T10:30:00.120Z", ProtoTimestamps.format(HALF_PAST.plusMillis(120)));
        assertEquals("2025-10-28T10:30:00.123Z", ProtoTimestamps.format(HALF_PAST.plusNanos(123_999_999)));
        assertEquals("1970-01-01T00:00:00.000Z", ProtoTimestamps.format(Instant.EPOCH));
        assertEquals("2025-10-28T10:30:00.000Z", ProtoTimestamps.format(parse("2025-10-28T12:30:00+02:00")));
    }
}
