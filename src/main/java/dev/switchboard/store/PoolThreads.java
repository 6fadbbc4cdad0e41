package dev.switchboard.store;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of the store's own connection pool (housekeeping, opening and closing connections),
 * kept track of so that closing the store can wait for the last of them to end. HikariCP's close
 * waits for its executors to finish their work, not for their threads to exit; a container
 * undeploying the application looks for its threads right after (Tomcat warns of a leak for each
 * one still alive, and the closing one holds the application's class loader until it exits).
 */
final class PoolThreads implements ThreadFactory {
    private final String name;
    private final AtomicInteger count = new AtomicInteger();
    private final Set<Thread> started = ConcurrentHashMap.newKeySet();

    PoolThreads(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(Runnable work) {
        // the pool's idle threads end and new ones start over its life: forget the ended ones here
        started.removeIf(thread -> thread.getState() == Thread.State.TERMINATED);
        Thread thread = new Thread(work, name + "-" + count.incrementAndGet());
        thread.setDaemon(true);
        started.add(thread);
        return thread;
    }

    /**
     * Waits until every thread made here has ended, at most {@code timeout} in all.
     *
     * @return whether they all ended
     */
    boolean awaitEnd(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread thread : Set.copyOf(started)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                thread.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return started.stream().noneMatch(Thread::isAlive);
    }
}
