package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A cancellation interrupts the agent's thread at once outside the store, and as it leaves the
 * store when it is in it: a store call never runs interrupted.
 */
class AgentInterruptTest {
    private final ExecutorService agents = Executors.newSingleThreadExecutor();
    private final AgentInterrupt interrupt = new AgentInterrupt();

    @AfterEach
    void stop() throws InterruptedException {
        agents.shutdownNow();
        assertTrue(agents.awaitTermination(5, TimeUnit.SECONDS));
    }

    @Test
    void outsideTheStoreTheAgentIsInterruptedAtOnce() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Future<?> run = agents.submit(() -> {
            interrupt.agentStarts();
            started.countDown();
            waitForInterrupt();
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));

        interrupt.interrupt(run);

        assertTrue(run.isCancelled());
        assertTrue(waitInterrupted.await(5, TimeUnit.SECONDS), "the agent's wait was interrupted");
    }

    @Test
    void inTheStoreTheInterruptComesAsTheAgentLeavesIt() throws Exception {
        AtomicBoolean interruptedInStore = new AtomicBoolean(true);

        boolean interruptedAfter = cancelledDuringPause(pause -> interrupt.outOfReach(() -> {
            pause.run();
            interruptedInStore.set(Thread.currentThread().isInterrupted());
        }));

        assertFalse(interruptedInStore.get(), "the store call ran without the interrupt");
        assertTrue(interruptedAfter, "the interrupt came as the agent left the store");
    }

    @Test
    void anInterruptBeforeAStoreCallIsHiddenFromItAndKept() throws Exception {
        AtomicBoolean seenInStore = new AtomicBoolean(true);
        Thread.currentThread().interrupt();
        try {
            interrupt.outOfReach(() -> seenInStore.set(Thread.currentThread().isInterrupted()));
            assertTrue(Thread.currentThread().isInterrupted(), "the caller's interrupt is kept");
        } finally {
            Thread.interrupted();
        }
        assertFalse(seenInStore.get());
    }

    @Test
    void nestedStoreCallsDeliverTheInterruptOnlyAsTheOuterOneEnds() throws Exception {
        AtomicBoolean interruptedBetween = new AtomicBoolean(true);

        boolean interruptedAfter = cancelledDuringPause(pause -> interrupt.outOfReach(() -> {
            interrupt.outOfReach(pause);
            interruptedBetween.set(Thread.currentThread().isInterrupted());
        }));

        assertFalse(interruptedBetween.get(), "the outer store call went on without the interrupt");
        assertTrue(interruptedAfter, "the interrupt came as the outer store call ended");
    }

    /** A thread the agent reports from is not the one a cancellation interrupts: it is not held. */
    @Test
    void anotherThreadsStoreCallIsNotHeldBack() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Future<?> run = agents.submit(() -> {
            interrupt.agentStarts();
            started.countDown();
            waitForInterrupt();
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        CountDownLatch inStore = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread reporter = new Thread(() -> interrupt.outOfReach(() -> {
            inStore.countDown();
            awaitWithoutInterrupt(release);
        }));
        reporter.start();
        assertTrue(inStore.await(5, TimeUnit.SECONDS));

        interrupt.interrupt(run);

        assertTrue(waitInterrupted.await(5, TimeUnit.SECONDS), "the agent's own thread was interrupted at once");
        release.countDown();
        reporter.join(5000);
        assertFalse(reporter.isAlive());
    }

    /**
     * Cancellations racing store calls, many times over: no store call ever runs interrupted, and
     * every cancellation reaches the agent.
     */
    @Test
    void racingCancellationsNeverReachAStoreCall() throws Exception {
        ExecutorService cancellers = Executors.newSingleThreadExecutor();
        AtomicInteger interruptedInStore = new AtomicInteger();
        AtomicInteger delivered = new AtomicInteger();
        int rounds = 2000;
        try {
            for (int i = 0; i < rounds; i++) {
                AgentInterrupt gate = new AgentInterrupt();
                CyclicBarrier go = new CyclicBarrier(2);
                CountDownLatch cancelled = new CountDownLatch(1);
                Future<Boolean> run = new FutureTask<>(() -> {
                    gate.agentStarts();
                    go.await();
                    for (int call = 0; call < 50; call++) {
                        gate.outOfReach(() -> {
                            for (int spin = 0; spin < 200; spin++) {
                                Thread.onSpinWait(); // a store call's length, where an interrupt may land
                            }
                            if (Thread.currentThread().isInterrupted()) {
                                interruptedInStore.incrementAndGet();
                            }
                        });
                    }
                    awaitWithoutInterrupt(cancelled);
                    if (Thread.interrupted()) {
                        delivered.incrementAndGet();
                    }
                    return true;
                });
                Thread agent = new Thread((Runnable) run);
                agent.start();
                Future<?> canceller = cancellers.submit(() -> {
                    go.await();
                    gate.interrupt(run);
                    cancelled.countDown();
                    return null;
                });
                canceller.get(5, TimeUnit.SECONDS);
                agent.join(5000);
                assertFalse(agent.isAlive());
            }
        } finally {
            cancellers.shutdownNow();
        }
        assertEquals(0, interruptedInStore.get(), "store calls that ran interrupted");
        assertEquals(rounds, delivered.get(), "cancellations that reached the agent");
    }

    private final CountDownLatch ended = new CountDownLatch(1);
    private final CountDownLatch waitInterrupted = new CountDownLatch(1);

    /**
     * Runs an agent whose store calls, as {@code storeCalls} nests them around a pause, are
     * cancelled during the pause.
     *
     * @return whether the agent's thread was interrupted once it had left the store
     */
    private boolean cancelledDuringPause(Consumer<Runnable> storeCalls) throws Exception {
        CountDownLatch inStore = new CountDownLatch(1);
        CountDownLatch canceled = new CountDownLatch(1);
        AtomicBoolean interruptedAfter = new AtomicBoolean();
        Future<?> run = agents.submit(() -> {
            interrupt.agentStarts();
            storeCalls.accept(() -> {
                inStore.countDown();
                awaitWithoutInterrupt(canceled);
            });
            interruptedAfter.set(Thread.currentThread().isInterrupted());
            ended.countDown();
        });
        assertTrue(inStore.await(5, TimeUnit.SECONDS));

        interrupt.interrupt(run);
        canceled.countDown();

        assertTrue(ended.await(5, TimeUnit.SECONDS));
        assertTrue(run.isCancelled());
        return interruptedAfter.get();
    }

    private void waitForInterrupt() {
        try {
            new CountDownLatch(1).await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            waitInterrupted.countDown();
        }
    }

    private static void awaitWithoutInterrupt(CountDownLatch latch) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (latch.getCount() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }
}
