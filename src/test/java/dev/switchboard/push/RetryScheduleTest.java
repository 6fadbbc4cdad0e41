package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {
    @Test
    void doublesFromOneSecondUpToTheCap() {
        RetrySchedule schedule = RetrySchedule.DEFAULT;
        long[] expected = {1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300};
        for (int failures = 1; failures <= expected.length; failures++) {
            assertEquals(Duration.ofSeconds(expected[failures - 1]), schedule.delayAfter(failures), "after " + failures);
        }
        assertEquals(Duration.ofMinutes(5), schedule.delayAfter(Integer.MAX_VALUE));
    }

    @Test
    void cutsOffAfterTenFailuresInARow() {
        RetrySchedule schedule = RetrySchedule.DEFAULT;
        assertFalse(schedule.isCutOff(9));
        assertTrue(schedule.isCutOff(10));
        assertTrue(schedule.isCutOff(11));
    }

    @Test
    void customScheduleAndItsLimits() {
        RetrySchedule schedule = new RetrySchedule(Duration.ofMillis(250), Duration.ofSeconds(1), 3);
        assertEquals(Duration.ofMillis(250), schedule.delayAfter(1));
        assertEquals(Duration.ofMillis(500), schedule.delayAfter(2));
        assertEquals(Duration.ofSeconds(1), schedule.delayAfter(3));
        assertEquals(Duration.ofSeconds(1), schedule.delayAfter(4));
        assertTrue(schedule.isCutOff(3));
        assertThrows(IllegalArgumentException.class, () -> schedule.delayAfter(0));
        assertThrows(IllegalArgumentException.class, () -> new RetrySchedule(Duration.ZERO, Duration.ofSeconds(1), 3));
        assertThrows(IllegalArgumentException.class,
                () -> new RetrySchedule(Duration.ofSeconds(2), Duration.ofSeconds(1), 3));
    }
}
