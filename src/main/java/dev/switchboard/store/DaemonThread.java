package dev.switchboard.store;

import java.util.concurrent.ThreadFactory;

/** The store's background threads: named for thread dumps, and daemons, so none holds up a JVM's exit. */
final class DaemonThread {
    private DaemonThread() {
    }

    static ThreadFactory named(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
