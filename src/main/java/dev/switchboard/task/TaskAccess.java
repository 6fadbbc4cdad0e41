package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.security.Caller;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import java.util.Map;

/** Who reaches a task by its id, and the errors every operation answers about one. */
final class TaskAccess {
    private TaskAccess() {
    }

    /**
     * The task, if the caller may reach it by its id: the operator (no owner) reaches every task,
     * anyone else its own, and anyone the tasks held by id (see {@link Caller#isHeldById}). A task
     * the caller may not reach does not exist for it.
     */
    static StoredTask visible(TaskStore store, String taskId, ServerCallContext call) {
        String owner = call.owner();
        return store.find(taskId)
                .filter(stored -> owner == null || owner.equals(stored.owner()) || Caller.isHeldById(stored.owner()))
                .orElseThrow(() -> notFound(taskId));
    }

    /** The task, if the caller is its owner or the operator; to anyone else it does not exist. */
    static StoredTask owned(TaskStore store, String taskId, ServerCallContext call) {
        String owner = call.owner();
        return store.find(taskId).filter(stored -> owner == null || owner.equals(stored.owner()))
                .orElseThrow(() -> notFound(taskId));
    }

    /** The answer to a message for a task whose agent is still at work on an earlier one, here or elsewhere. */
    static A2AException stillWorking(String taskId) {
        return new A2AException(A2AError.UNSUPPORTED_OPERATION, "The agent is still working on task "
                + taskId + "; wait for its answer or cancel it", Map.of("taskId", taskId));
    }

    static A2AException notFound(String taskId) {
        return new A2AException(A2AError.TASK_NOT_FOUND, "Task not found: " + taskId, Map.of("taskId", taskId));
    }
}
