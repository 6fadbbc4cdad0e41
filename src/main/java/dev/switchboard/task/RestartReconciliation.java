package dev.switchboard.task;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.Appended;
import dev.switchboard.store.TaskChange;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * What a start does to the tasks an earlier run of this instance was working on: their agents died
 * with that run, so each is marked failed with a message telling the client to send again.
 */
public final class RestartReconciliation {
    private static final Logger LOG = Logger.getLogger(RestartReconciliation.class.getName());

    private RestartReconciliation() {
    }

    /**
     * @param runner this instance's id, as stored on the tasks its agents run
     * @return how many tasks were marked failed
     */
    public static int failUnfinished(TaskStore store, String runner, Clock clock) {
        int failed = 0;
        for (String taskId : store.runningOn(runner)) {
            Optional<Appended> appended = store.update(taskId, task -> {
                TaskState state = task.status().state();
                if (state != TaskState.SUBMITTED && state != TaskState.WORKING) {
                    return Optional.empty();
                }
                TaskStatus failedStatus = new TaskStatus(TaskState.FAILED, Message.agent(UUID.randomUUID().toString(),
                        task.contextId(), task.id(), List.of(Part.text(
                                "The server restarted before the agent finished this task; send the message again."))),
                        clock.instant());
                return TaskStateMachine.status(task, failedStatus).map(next -> new TaskChange.Result(next,
                        List.of(new TaskStatusUpdateEvent(task.id(), task.contextId(), failedStatus, null)), null));
            });
            if (appended.isPresent()) {
                failed++;
            }
        }
        if (failed > 0) {
            LOG.warning("Marked " + failed + " task(s) failed: they were running when the server stopped");
        }
        return failed;
    }
}
