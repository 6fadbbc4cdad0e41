package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolThreadsTest {
    @TempDir
    Path dir;

    @Test
    void waitsForTheThreadsItMadeUntilTheyExit() throws InterruptedException {
        PoolThreads threads = new PoolThreads("test-pool");
        CountDownLatch release = new CountDownLatch(1);
        Thread running = threads.newThread(() -> {
            try {
                release.await();
                // still busy a moment after its work is released: the window a container sees
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        running.start();
        assertTrue(running.isDaemon());
        assertEquals("test-pool-1", running.getName());
        assertFalse(threads.awaitEnd(Duration.ofMillis(50)), "its work is not done");
        release.countDown();
        assertTrue(threads.awaitEnd(Duration.ofSeconds(5)));
        assertFalse(running.isAlive(), "ended, not only done with its work");
    }

    @Test
    void theStoresPoolRunsOnTheseThreadsAndClosingTheStoreEndsThem() {
        TaskDatabase database = StoreTesting.open(dir);
        List<Thread> before = poolThreads();
        assertFalse(before.isEmpty(), "the pool runs threads of its own: " + before);
        database.close();
        assertEquals(List.of(), poolThreads().stream().filter(before::contains).toList());
    }

    private static List<Thread> poolThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("switchboard-pool-") && thread.isAlive())
                .toList();
    }
}
