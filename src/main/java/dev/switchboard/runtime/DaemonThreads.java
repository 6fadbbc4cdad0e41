package dev.switchboard.runtime;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's own threads: daemons, so that none keeps a container or the CLI from stopping, and
 * named for their work, so that a thread dump says whose work each one does.
 */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** For a pool: threads named {@code name-1}, {@code name-2}... */
    public static ThreadFactory pool(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> daemon(name + "-" + count.incrementAndGet(), runnable);
    }

    /** For a single-thread executor or a one-off thread: every thread it makes is named {@code name}. */
    public static ThreadFactory named(String name) {
        return runnable -> daemon(name, runnable);
    }

    private static Thread daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        return thread;
    }
}
