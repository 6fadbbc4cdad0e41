package dev.switchboard.runtime;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A start-up step tried a few times, with growing pauses, before its failure is final. For steps
 * whose failure may pass by itself: a database not yet accepting connections when the server
 * starts beside it, or Payara closing a web application's jars at the end of its start while a
 * thread the application started is loading classes from them (payara/Payara#693; the next
 * lookup opens them again).
 */
public final class Attempts {
    private static final Logger LOG = Logger.getLogger(Attempts.class.getName());

    private final String what;
    private final int attempts;
    private final Duration firstPause;
    private final Sleeper sleeper;

    /** How the pause between two attempts is waited out; tests pass one that does not wait. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration pause) throws InterruptedException;
    }

    /**
     * @param what       the step, as the log names it ("Opening the task store")
     * @param attempts   how many times in all, at least 1
     * @param firstPause the pause after the first failure; each further one is twice the last
     */
    public Attempts(String what, int attempts, Duration firstPause, Sleeper sleeper) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        this.what = what;
        this.attempts = attempts;
        this.firstPause = firstPause;
        this.sleeper = sleeper;
    }

    /**
     * The step's result once an attempt succeeds; the last attempt's failure if none does, or the
     * failure before an interrupted pause.
     */
    public <T> T get(Supplier<T> step) {
        Duration pause = firstPause;
        for (int attempt = 1; ; attempt++) {
            try {
                return step.get();
            } catch (RuntimeException e) {
                if (attempt == attempts) {
                    throw e;
                }
                LOG.log(Level.WARNING, what + " failed (attempt " + attempt + " of " + attempts + "); trying again in "
                        + pause.toMillis() + " ms: " + e);
                try {
                    sleeper.sleep(pause);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                pause = pause.multipliedBy(2);
            }
        }
    }
}
