package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.Appended;
import dev.switchboard.store.Runner;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskChange;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private static final Duration PREVIOUS_TURN_END = Duration.ofSeconds(2);

    private final TaskContext context;
    private final InputLimits limits;
    private final TaskQuota quota;
    private final TimeOrderedIds ids;

    MessageIntake(TaskContext context, InputLimits limits, TaskQuota quota) {
        this.quota = quota;
        this.context = context;
        this.limits = limits;
        this.ids = new TimeOrderedIds(context.clock());
    }

    /**
     * @return the turn the message starts; a follow-up's turn is already registered as the task's
     *         turn here, so the caller must start it or {@linkplain TaskRun#abandon abandon} it
     */
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
        String taskId = ids.next();
        String contextId = message.contextId() != null ? message.contextId() : ids.next();
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
        Task task = TaskAccess.visible(context.store(), taskId, call).task();
        if (message.contextId() != null && !message.contextId().equals(task.contextId())) {
            throw A2AException.invalidField("message.contextId",
                    "does not match the context of task " + taskId + "; omit it or send " + task.contextId());
        }
        if (task.status().state().isTerminal()) {
            throw finished(task);
        }
        Message recorded = message.withIds(task.contextId(), taskId);
        awaitTurnHere(taskId);
        return context.events().locked(taskId, () -> {
            // checked, recorded and registered under the task's lock: a message this instance
            // refuses because a turn is in progress here is never recorded in the task
            if (context.running(taskId) != null) {
                throw TaskAccess.stillWorking(taskId);
            }
            Optional<Appended> stored = context.store().update(taskId, TaskChange.byRunner((current, runner) ->
                    takeIn(current, runner, recorded)));
            // a task whose instance stopped was failed instead: its listeners here hear it
            stored.filter(a -> a.task().status().state().isTerminal())
                    .ifPresent(a -> context.events().publish(taskId, a));
            Task updated = stored.orElseThrow(() -> new A2AException(A2AError.UNSUPPORTED_OPERATION,
                    "Task " + taskId + " finished before the message arrived", Map.of("taskId", taskId))).task();
            if (updated.status().state().isTerminal()) {
                throw finished(updated);
            }
            AgentRequest agentRequest = new AgentRequest(recorded, taskId, task.contextId(), task,
                    request.configuration().acceptedOutputModes(), request.metadata(),
                    earlier(task.contextId(), call.owner(), taskId), call);
            TaskRun run = new TaskRun(context, updated, true, call.owner(), agentRequest);
            context.begin(run);
            return run;
        });
    }

    /**
     * Waits a while for a turn of the task in progress here to end. A task takes a follow-up once
     * its agent has stored that it waits for input, and the client that hears it may answer
     * before that agent has returned: its turn is then about to end, not at work. A turn that
     * does not end within {@link #PREVIOUS_TURN_END} is at work, and the message is refused.
     */
    private void awaitTurnHere(String taskId) {
        TaskRun previous = context.running(taskId);
        try {
            if (previous != null && !previous.awaitEnd(PREVIOUS_TURN_END)) {
                throw TaskAccess.stillWorking(taskId);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TaskAccess.stillWorking(taskId);
        }
    }

    /**
     * The follow-up recorded, and this instance named as the task's runner, decided under the
     * task's row lock so that two instances never both start a turn: refused while another
     * instance holds a live lease on the task (its agent is at work there); a submitted or
     * working task whose instance stopped renewing its lease is failed instead, as the expired
     * lease's reconciliation would.
     */
    private Optional<TaskChange.Result> takeIn(Task current, Runner runner, Message recorded) {
        if (runner.elsewhere(context.runner())) {
            throw TaskAccess.stillWorking(current.id());
        }
        if (RestartReconciliation.abandoned(current, runner, context.runner())) {
            return RestartReconciliation.failed(current, context.clock());
        }
        return TaskStateMachine.followUp(current, recorded)
                .map(next -> next.withHistory(limits.trim(next.history())))
                .map(next -> new TaskChange.Result(next, List.of(), context.runner()));
    }

    private static A2AException finished(Task task) {
        return new A2AException(A2AError.UNSUPPORTED_OPERATION, "Task " + task.id() + " is "
                + task.status().state().wireName() + "; start a new task in context " + task.contextId()
                + " to continue the conversation", Map.of("taskId", task.id()));
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
