package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.testing.LogCapture;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreOpeningTest {
    @TempDir
    Path dir;

    @Test
    void callsWaitForTheDatabaseThenReachTheStore() throws Exception {
        CompletableFuture<TaskDatabase> ready = new CompletableFuture<>();
        StoreOpening opening = new StoreOpening(ready, Duration.ofSeconds(30));
        TaskStore store = opening.deferred(TaskStore.class, db -> new JpaTaskStore(db.entityManagerFactory(),
                Clock.systemUTC()));
        assertEquals(StoreOpening.State.OPENING, opening.state());
        AtomicReference<Optional<StoredTask>> found = new AtomicReference<>();
        Thread caller = new Thread(() -> found.set(store.find("t-1")));
        caller.start();
        Thread.sleep(200);
        assertTrue(caller.isAlive(), "the call waits while the database opens");
        try (TaskDatabase db = StoreTesting.open(dir)) {
            ready.complete(db);
            caller.join(10_000);
            assertEquals(Optional.empty(), found.get());
            assertEquals(StoreOpening.State.OPEN, opening.state());
            assertEquals(List.of(), store.runningOn("nobody"));
        }
    }

    @Test
    void aDatabaseThatTakesTooLongIsAnInternalErrorNotAHang() {
        StoreOpening opening = new StoreOpening(new CompletableFuture<>(), Duration.ofMillis(50));
        TaskStore store = opening.deferred(TaskStore.class, db -> {
            throw new AssertionError("never built");
        });
        A2AException e = assertThrows(A2AException.class, () -> store.find("t-1"));
        assertEquals(A2AError.INTERNAL_ERROR, e.error());
        assertTrue(e.getMessage().contains("still opening"));
        assertFalse(store.toString().isEmpty(), "Object methods never wait");
    }

    @Test
    void aDatabaseThatFailedToOpenSaysSoWithoutItsCause() {
        StoreOpening opening = new StoreOpening(
                CompletableFuture.failedFuture(new IllegalStateException("jdbc:h2:secret-path")), Duration.ofSeconds(1));
        TaskStore store = opening.deferred(TaskStore.class, db -> {
            throw new AssertionError("never built");
        });
        assertEquals(StoreOpening.State.FAILED, opening.state());
        A2AException e = assertThrows(A2AException.class, () -> store.list(null));
        assertEquals(A2AError.INTERNAL_ERROR, e.error());
        assertTrue(e.getMessage().contains("unavailable"));
        assertFalse(e.getMessage().contains("secret-path"), "the cause stays in the server log");
    }

    @Test
    void aStoresOwnErrorsReachTheCallerUnwrapped() throws Exception {
        try (TaskDatabase db = StoreTesting.open(dir)) {
            StoreOpening opening = new StoreOpening(CompletableFuture.completedFuture(db), Duration.ofSeconds(1));
            TaskStore store = opening.deferred(TaskStore.class, open -> new JpaTaskStore(open.entityManagerFactory(),
                    Clock.systemUTC()));
            assertThrows(NullPointerException.class, () -> store.create(null, null, null, List.of()));
        }
    }

    @Test
    void anOpeningThatHangsIsReportedWithWhereItWaits() throws Exception {
        CompletableFuture<TaskDatabase> ready = new CompletableFuture<>();
        CountDownLatch never = new CountDownLatch(1);
        Thread opener = new Thread(() -> awaitQuietly(never), "store-opener-under-test");
        opener.start();
        LogCapture log = LogCapture.of(StoreOpening.class.getName());
        try {
            new StoreOpening(ready, Duration.ofSeconds(1)).reportWhileOpening(opener, Duration.ofMillis(20));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.records().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(log.records().size() >= 2, "reported again while still opening: " + log.records().size());
            LogRecord first = log.records().get(0);
            assertEquals(Level.WARNING, first.getLevel());
            assertTrue(first.getMessage().contains("store-opener-under-test is WAITING"), first.getMessage());
            assertTrue(first.getMessage().contains("awaitQuietly"), "names where the opener waits: " + first.getMessage());

            assertTrue(watchRunning(), "the reports come from a thread of the application's own");
            ready.completeExceptionally(new IllegalStateException("opened at last"));
            int afterOpen = log.records().size();
            Thread.sleep(500);
            assertEquals(afterOpen, log.records().size(), "no report once the opening has ended");
            assertFalse(watchRunning(), "its thread ends with the opening");
            assertTrue(log.records().size() <= 5, "a few reports at most: " + log.records().size());
        } finally {
            log.close();
            never.countDown();
        }
    }

    @Test
    void closingStopsTheReportsOfAnOpeningThatNeverEnds() throws Exception {
        StoreOpening opening = new StoreOpening(new CompletableFuture<>(), Duration.ofSeconds(1));
        opening.reportWhileOpening(Thread.currentThread(), Duration.ofMinutes(1));
        assertTrue(watchRunning());
        opening.close();
        assertFalse(watchRunning(), "an undeployed application leaves no thread behind");
    }

    /** Whether the reporting thread is alive, given a moment to end. */
    private static boolean watchRunning() throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            boolean alive = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(thread -> thread.getName().equals("switchboard-store-watch") && thread.isAlive());
            if (!alive) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
