package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.store.StoreOpening;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HealthResourceTest {
    @Test
    void readinessIsUpOnlyOnceTheStoreIsOpen() {
        assertEquals(200, HealthResource.readiness(StoreOpening.State.OPEN).getStatus());
        assertEquals(new HealthResource.Probe("UP", java.util.List.of(new HealthResource.Check("task-store", "UP"))),
                HealthResource.readiness(StoreOpening.State.OPEN).getEntity());
        assertEquals(503, HealthResource.readiness(StoreOpening.State.OPENING).getStatus(), "not while it opens");
        assertEquals(503, HealthResource.readiness(StoreOpening.State.FAILED).getStatus(), "nor when it failed");
        assertEquals("DOWN", ((HealthResource.Probe) HealthResource.readiness(StoreOpening.State.OPENING).getEntity())
                .status());
    }

    @Test
    void retentionMinutesPrintAsTheOperatorWroteThem() {
        assertEquals("10080", HealthResource.minutes(Duration.ofDays(7)).toString());
        assertEquals("0", HealthResource.minutes(Duration.ZERO).toString());
        assertEquals("0.05", HealthResource.minutes(Duration.ofSeconds(3)).toString());
        assertEquals("2", HealthResource.minutes(Duration.ofMinutes(2)).toString());
        assertEquals("0.00002", HealthResource.minutes(Duration.ofMillis(1)).toString());
    }
}
