package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HealthResourceTest {
    @Test
    void retentionMinutesPrintAsTheOperatorWroteThem() {
        assertEquals("10080", HealthResource.minutes(Duration.ofDays(7)).toString());
        assertEquals("0", HealthResource.minutes(Duration.ZERO).toString());
        assertEquals("0.05", HealthResource.minutes(Duration.ofSeconds(3)).toString());
        assertEquals("2", HealthResource.minutes(Duration.ofMinutes(2)).toString());
        assertEquals("0.00002", HealthResource.minutes(Duration.ofMillis(1)).toString());
    }
}
