package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskChange;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Turns an incoming message into an agent turn, following the multi-turn rules: without a task id
 * the message starts a task (in the given conversation, or a new one); with one it continues that
 * task, which must exist, be the caller's, agree on the conversation and not be finished. A first
 * message whose messageId the caller sent before is a retry: it is answered with the task the
 * earlier one created (see {@link RepeatedSend}).
 */
final class MessageIntake {
    private static final int EARLIER_TASKS = 20;

    private final TaskContext context;
    private final InputLimits limits;
    private final TaskQuota quota;

    MessageIntake(TaskContext context, InputLimits limits, TaskQuota quota) {
        this.quota = quota;
        this.context = context;
        this.limits = limits;
    }

    TaskRun accept(SendMessageRequest request, ServerCallContext call) {
        Message message = request.message();
        if (message.role() != Role.USER) {
            throw A2AException.invalidField("message.role", "must be ROLE_USER");
        }
        if (message.parts().isEmpty()) {
            throw A2AException.invalidField("message.parts", "must not be empty");
        }
        limits.check(message, request.metadata());
        context.agent().admit(message, request.metadata(), call);
        return message.taskId() == null ? start(request, call) : continueTask(request, call);
    }

    private TaskRun start(SendMessageRequest request, ServerCallContext call) {
        Message message = request.message();
        String owner = call.owner();
        Optional<StoredTask> earlier = context.store().findFirstSend(owner, message.messageId());
        if (earlier.isPresent()) {
            throw new RepeatedSend(earlier.get());
        }
        quota.admit(call);
        String taskId = UUID.randomUUID().toString();
        String contextId = message.contextId() != null ? message.contextId() : UUID.randomUUID().toString();
        Message recorded = message.withIds(contextId, taskId);
        Task submitted = new Task(taskId, contextId, new TaskStatus(TaskState.SUBMITTED, null,
                context.clock().instant()), List.of(), List.of(recorded), null);
        AgentRequest agentRequest = new AgentRequest(recorded, taskId, contextId, null,
                request.configuration().acceptedOutputModes(), request.metadata(),
                earlier(contextId, owner, taskId), call);
        return new TaskRun(context, submitted, false, owner, agentRequest);
    }

    private TaskRun continueTask(SendMessageRequest request, ServerCallContext call) {
        Message message = request.message();
        String taskId = message.taskId();
        Task task = TaskService.visible(context.store(), taskId, call).task();
        if (message.contextId() != null && !message.contextId().equals(task.contextId())) {
            throw A2AException.invalidField("message.contextId",
                    "does not match the context of task " + taskId + "; omit it or send " + task.contextId());
        }
        if (task.status().state().isTerminal()) {
            throw new A2AException(A2AError.UNSUPPORTED_OPERATION, "Task " + taskId + " is "
                    + task.status().state().wireName() + "; start a new task in context " + task.contextId()
                    + " to continue the conversation", Map.of("taskId", taskId));
        }
        Message recorded = message.withIds(task.contextId(), taskId);
        Optional<Appended> appended = context.events().locked(taskId, () -> context.store().update(taskId,
                current -> TaskStateMachine.followUp(current, recorded)
                        .map(next -> next.withHistory(limits.trim(next.history())))
                        .map(next -> new TaskChange.Result(next, List.of(), context.runner()))));
        Task updated = appended.orElseThrow(() -> new A2AException(A2AError.UNSUPPORTED_OPERATION,
                "Task " + taskId + " finished before the message arrived", Map.of("taskId", taskId))).task();
        AgentRequest agentRequest = new AgentRequest(recorded, taskId, task.contextId(), task,
                request.configuration().acceptedOutputModes(), request.metadata(),
                earlier(task.contextId(), call.owner(), taskId), call);
        return new TaskRun(context, updated, true, call.owner(), agentRequest);
    }

    private Supplier<List<Task>> earlier(String contextId, String owner, String taskId) {
        return new Supplier<>() {
            private List<Task> tasks;

            @Override
            public synchronized List<Task> get() {
                if (tasks == null) {
                    tasks = context.store().conversation(contextId, owner, taskId, EARLIER_TASKS);
                }
                return tasks;
            }
        };
    }
}
