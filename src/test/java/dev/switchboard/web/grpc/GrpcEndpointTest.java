package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class GrpcEndpointTest {
    @Test
    void aDeadlineCancelledWhenItsCallEndsLeavesTheTimerAtOnce() {
        ScheduledThreadPoolExecutor timer = GrpcEndpoint.deadlineTimer();
        try {
            for (int call = 0; call < 1_000; call++) {
                ScheduledFuture<?> deadline = timer.schedule(() -> { }, 30, TimeUnit.SECONDS);
                deadline.cancel(false);
            }
            // kept, each would hold its finished call until the 30 s were up
            assertEquals(0, timer.getQueue().size());
        } finally {
            timer.shutdownNow();
        }
    }
}
