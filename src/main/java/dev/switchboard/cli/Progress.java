package dev.switchboard.cli;

import dev.switchboard.runtime.DaemonThreads;
import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** A line on stderr each second once a wait has lasted more than a second; silent for quick answers. */
final class Progress implements AutoCloseable {
    private final ScheduledExecutorService timer;

    private Progress(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    static Progress start(PrintWriter err, String what) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("switchboard-progress"));
        long started = System.nanoTime();
        timer.scheduleAtFixedRate(() -> {
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            err.println("waiting for " + what + "... " + seconds + " s");
            err.flush();
        }, 1, 1, TimeUnit.SECONDS);
        return new Progress(timer);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
