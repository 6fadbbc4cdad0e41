package dev.switchboard.task;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.store.Appended;
import dev.switchboard.store.Runner;
import dev.switchboard.store.TaskChange;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * What happens to the tasks of an instance that stopped while their agents ran: each is marked
 * failed with a message telling the client to send again. The instance itself does it at its next
 * start, at once; any other instance sharing the database does it once the stopped one's leases
 * have run out (see {@link #failExpired}). Tasks waiting for input stay as they are.
 */
public final class RestartReconciliation {
    private static final Logger LOG = Logger.getLogger(RestartReconciliation.class.getName());
    static final String RESTARTED = "The server restarted before the agent finished this task; send the message again.";

    private RestartReconciliation() {
    }

    /**
     * @param runner this instance's id, as stored on the tasks its agents run
     * @return how many tasks were marked failed
     */
    public static int failUnfinished(TaskStore store, String runner, Clock clock) {
        int failed = 0;
        for (String taskId : store.runningOn(runner)) {
            if (store.update(taskId, task -> failed(task, clock)).isPresent()) {
                failed++;
            }
        }
        if (failed > 0) {
            LOG.warning("Marked " + failed + " task(s) failed: they were running when the server stopped");
        }
        return failed;
    }

    /**
     * Fails the submitted or working tasks of other instances whose leases ran out, and publishes
     * the failures to this instance's listeners. The lease is checked again under the row's lock:
     * a task its runner renewed, or that finished, in the meantime is left alone.
     *
     * @return how many tasks were marked failed
     */
    static int failExpired(TaskContext context) {
        int failed = 0;
        String self = context.runner();
        for (String taskId : context.store().expiredLeases(self)) {
            Optional<Appended> appended = context.events().locked(taskId, () -> {
                Optional<Appended> stored = context.store().update(taskId, TaskChange.byRunner((task, runner) ->
                        abandoned(task, runner, self) ? failed(task, context.clock()) : Optional.empty()));
                stored.ifPresent(a -> context.events().publish(taskId, a));
                return stored;
            });
            if (appended.isPresent()) {
                failed++;
            }
        }
        if (failed > 0) {
            LOG.warning("Marked " + failed + " task(s) failed: the instances running them stopped renewing their leases");
        }
        return failed;
    }

    /**
     * The task marked failed because its instance stopped; empty unless it is submitted or working
     * (a task waiting for input can still be resumed, a finished one keeps its end).
     */
    static Optional<TaskChange.Result> failed(Task task, Clock clock) {
        TaskState state = task.status().state();
        if (state != TaskState.SUBMITTED && state != TaskState.WORKING) {
            return Optional.empty();
        }
        TaskStatus failedStatus = new TaskStatus(TaskState.FAILED, Message.agent(UUID.randomUUID().toString(),
                task.contextId(), task.id(), List.of(Part.text(RESTARTED))), clock.instant());
        return TaskChanges.status(task, failedStatus, null);
    }

    /** Whether the task's runner is another instance that stopped while the task was submitted or working. */
    static boolean abandoned(Task task, Runner runner, String self) {
        TaskState state = task.status().state();
        return runner.lapsedElsewhere(self) && (state == TaskState.SUBMITTED || state == TaskState.WORKING);
    }
}
