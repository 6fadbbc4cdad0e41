package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.store.PushConfigStore;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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

    /** The store closes right after delivery does: a poll still inside a transaction would keep it open. */
    @Test
    void closingWaitsForAPollThatIsRunning() throws InterruptedException {
        CountDownLatch polling = new CountDownLatch(1);
        AtomicBoolean pollEnded = new AtomicBoolean();
        PushConfigStore store = (PushConfigStore) Proxy.newProxyInstance(PushConfigStore.class.getClassLoader(),
                new Class<?>[] {PushConfigStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("claimDue")) {
                        polling.countDown();
                        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400);
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait(); // a query that does not answer to interrupts
                        }
                        pollEnded.set(true);
                        return List.of();
                    }
                    return method.getName().equals("releaseAll") ? 0 : null;
                });
        PushDelivery delivery = new PushDelivery(store, null, null, null, null, List.of(), RetrySchedule.DEFAULT,
                Clock.systemUTC(), 1, Duration.ofSeconds(10));
        delivery.start();
        assertTrue(polling.await(5, TimeUnit.SECONDS), "a poll began");
        delivery.close();
        assertTrue(pollEnded.get(), "close returned only after the running poll had ended");
    }

    @Test
    void eventsCostNoSearchForDueConfigsWhileNoConfigIsLive() throws InterruptedException {
        AtomicInteger searches = new AtomicInteger();
        AtomicInteger pollerLooks = new AtomicInteger();
        AtomicLong saves = new AtomicLong();
        AtomicBoolean live = new AtomicBoolean();
        CountDownLatch looked = new CountDownLatch(1);
        PushConfigStore store = (PushConfigStore) Proxy.newProxyInstance(PushConfigStore.class.getClassLoader(),
                new Class<?>[] {PushConfigStore.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "claimDue" -> {
                        searches.incrementAndGet();
                        yield List.of();
                    }
                    case "anyLive" -> {
                        looked.countDown();
                        yield live.get();
                    }
                    case "saves" -> {
                        if (Thread.currentThread().getName().startsWith("switchboard-push-poll")) {
                            pollerLooks.incrementAndGet();
                        }
                        yield saves.get();
                    }
                    case "releaseAll" -> 0;
                    default -> null;
                });
        PushDelivery delivery = new PushDelivery(store, null, null, null, null, List.of(), RetrySchedule.DEFAULT,
                Clock.systemUTC(), 1, Duration.ofSeconds(10));
        try {
            delivery.start();
            assertTrue(looked.await(5, TimeUnit.SECONDS), "the first tick looked");
            Thread.sleep(50);
            int before = searches.get();
            int looksBefore = pollerLooks.get();
            for (int i = 0; i < 20; i++) {
                delivery.stored("task-" + i);
                Thread.sleep(10);
            }
            // at most the regular tick searched (every 500 ms), not the twenty events
            assertTrue(searches.get() - before <= 1, "searches without live configs: " + (searches.get() - before));
            // nor was the poller woken for them: the storing thread saw that nothing could be due
            assertTrue(pollerLooks.get() - looksBefore <= 1,
                    "poller wake-ups without live configs: " + (pollerLooks.get() - looksBefore));

            saves.incrementAndGet(); // a config saved here: the next events search at once
            before = searches.get();
            for (int i = 0; i < 20; i++) {
                delivery.stored("task-" + i);
                Thread.sleep(10);
            }
            assertTrue(searches.get() - before >= 10, "searches after a save: " + (searches.get() - before));
        } finally {
            delivery.close();
        }
    }
}
