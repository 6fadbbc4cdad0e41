package dev.switchboard.store;

import java.time.Duration;
import java.util.Objects;

/**
 * Which tasks the store deletes. Ages count from a task's last status change
 * ({@code a2a_task.status_ts_ms}): a task that keeps moving is kept, however old it is.
 *
 * @param terminalAge    completed, failed, canceled and rejected tasks older than this go; zero keeps them
 * @param interruptedAge input-required and auth-required tasks older than this go; zero keeps them
 * @param maxTasks       beyond this many tasks the oldest terminal ones go; zero for no maximum
 */
public record RetentionPolicy(Duration terminalAge, Duration interruptedAge, long maxTasks) {
    /** Nothing is ever deleted. */
    public static final RetentionPolicy FOREVER = new RetentionPolicy(Duration.ZERO, Duration.ZERO, 0);

    public RetentionPolicy {
        Objects.requireNonNull(terminalAge, "terminalAge");
        Objects.requireNonNull(interruptedAge, "interruptedAge");
        if (terminalAge.isNegative() || interruptedAge.isNegative() || maxTasks < 0) {
            throw new IllegalArgumentException("retention ages and the maximum must not be negative");
        }
    }

    /** Whether anything is ever deleted. */
    public boolean deletes() {
        return !terminalAge.isZero() || !interruptedAge.isZero() || maxTasks > 0;
    }

    /**
     * How often the store looks for tasks to delete: a tenth of the shortest age, between a second
     * and ten seconds, so a task outlives its age by at most a tenth and a busy store deletes in
     * many small rounds rather than a few large ones.
     */
    Duration interval() {
        Duration shortest = Duration.ofSeconds(10);
        for (Duration age : new Duration[] {terminalAge, interruptedAge}) {
            if (!age.isZero() && age.dividedBy(10).compareTo(shortest) < 0) {
                shortest = age.dividedBy(10);
            }
        }
        return shortest.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : shortest;
    }
}
