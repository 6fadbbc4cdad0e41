package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PushDeliveryLifecycleTest {
    @Test
    void startingAfterCloseStartsNothingAndDoesNotThrow() {
        // the store opens in the background; an undeploy may close delivery before it is started
        PushDelivery delivery = new PushDelivery(null, null, null, null, null, List.of(), RetrySchedule.DEFAULT,
                Clock.systemUTC(), 1, Duration.ofSeconds(10));
        delivery.close();
        assertDoesNotThrow(delivery::start);
        assertDoesNotThrow(delivery::nudge);
    }
}
