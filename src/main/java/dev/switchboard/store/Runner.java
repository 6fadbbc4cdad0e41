package dev.switchboard.store;

/**
 * Who runs a task's agent, as the task's row says when a change is applied: the instance, and
 * whether its lease on the task still holds. An instance renews the leases of the tasks it runs
 * while it lives, so a lease that ran out means that instance stopped (or stalled for longer than
 * a lease, which is treated the same).
 *
 * @param instance  the instance's id, or null when no instance runs the task
 * @param leaseLive whether the instance's lease still holds; false without an instance
 */
public record Runner(String instance, boolean leaseLive) {
    /** No instance runs the task, or it is not stored yet. */
    public static final Runner NONE = new Runner(null, false);

    public Runner {
        leaseLive = instance != null && leaseLive;
    }

    /** Whether an instance other than {@code self} runs the task and holds its lease: its agent is at work there. */
    public boolean elsewhere(String self) {
        return leaseLive && !instance.equals(self);
    }

    /** Whether an instance other than {@code self} ran the task and stopped renewing its lease. */
    public boolean lapsedElsewhere(String self) {
        return instance != null && !leaseLive && !instance.equals(self);
    }
}
