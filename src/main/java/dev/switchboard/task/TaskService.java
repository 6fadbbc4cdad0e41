package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.FieldLimits;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.Appended;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskNotices;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;

/**
 * The A2A operations, one method each, independent of binding and protocol version. Every task
 * read checks the caller first: a task that is not the caller's is reported as not found.
 *
 * @see MessageIntake for how a message becomes a new task or continues one
 * @see Turns for taking a message in and starting the agent's turn
 * @see Subscriptions for SubscribeToTask and resuming after a last event id
 * @see TaskLists for ListTasks
 * @see TaskAccess for who reaches a task by its id
 */
public final class TaskService {
    private final TaskContext context;
    private final Turns turns;
    private final Subscriptions subscriptions;
    private final PushConfigs push;
    private final TaskLists lists;

    /**
     * @param workers the bounded pool agents run on
     * @param writers the pool that writes stream events to clients
     * @param runner  this server instance's id, recorded on the tasks it runs
     */
    public TaskService(TaskStore store, TaskEvents events, AgentExecutor agent, ExecutorService workers,
                       ExecutorService writers, Clock clock, String runner) {
        this(store, events, agent, workers, writers, clock, runner, InputLimits.DEFAULT);
    }

    /** @param limits what one message may carry and what a task keeps */
    public TaskService(TaskStore store, TaskEvents events, AgentExecutor agent, ExecutorService workers,
                       ExecutorService writers, Clock clock, String runner, InputLimits limits) {
        this(store, events, agent, workers, writers, clock, runner, limits, PushConfigs.disabled(store));
    }

    /** @param push the push-notification configs; {@link PushConfigs#disabled} when push is off */
    public TaskService(TaskStore store, TaskEvents events, AgentExecutor agent, ExecutorService workers,
                       ExecutorService writers, Clock clock, String runner, InputLimits limits, PushConfigs push) {
        this(store, events, agent, workers, writers, clock, runner, limits, push, TaskQuota.NONE);
    }

    /** @param quota who may start another task now */
    public TaskService(TaskStore store, TaskEvents events, AgentExecutor agent, ExecutorService workers,
                       ExecutorService writers, Clock clock, String runner, InputLimits limits, PushConfigs push,
                       TaskQuota quota) {
        this.context = new TaskContext(store, events, agent, clock, runner, writers);
        this.turns = new Turns(context, workers, new MessageIntake(context, limits, quota), push);
        this.subscriptions = new Subscriptions(context);
        this.push = push;
        this.lists = new TaskLists(context.store(), limits.maxListBytes());
    }

    /**
     * What takes the notices of events stored by other instances on the same database (see
     * {@link dev.switchboard.store.TaskDatabase#sharingEvents}): from then on this instance's
     * streams, subscriptions and waiting sends also receive those events, and an agent running
     * here stops when another instance cancels its task. Called once, when the store is shared.
     */
    public TaskNotices sharedEvents() {
        return new SharedEvents(context);
    }

    /** The push-notification config operations. */
    public PushConfigs push() {
        return push;
    }

    /**
     * SendMessage. Completes once the task is terminal or interrupted, or the agent's turn ended,
     * or at once with {@code returnImmediately}. A first message (no task id) whose messageId the
     * caller sent before is answered at once with the task that message created, as it is now. A
     * push config inside the request is registered on the task for deliveries in the shape of the
     * caller's line.
     */
    public CompletionStage<SendMessageResult> send(SendMessageRequest request, ServerCallContext call) {
        Integer historyLength = request.configuration().historyLength();
        if (historyLength != null && historyLength < 0) {
            throw A2AException.invalidField("configuration.historyLength", "must not be negative");
        }
        TaskRun run;
        Task created;
        try {
            run = turns.accept(request, call);
            created = request.configuration().returnImmediately() ? run.ensureCreated() : null;
        } catch (RepeatedSend repeat) {
            return CompletableFuture.completedFuture(TaskViews.withHistory(repeat.existing().task(), historyLength));
        }
        if (created != null) {
            turns.start(run);
            return CompletableFuture.completedFuture(TaskViews.withHistory(created, historyLength));
        }
        Waiter waiter = Turns.beforeStart(run, () -> waitFor(run));
        try {
            turns.start(run);
        } catch (RuntimeException e) {
            context.events().remove(run.taskId(), waiter);
            throw e;
        }
        return waiter.result().thenApply(result -> result instanceof Task task
                ? TaskViews.withHistory(task, historyLength) : result);
    }

    private Waiter waitFor(TaskRun run) {
        if (!run.isFollowUp() || !context.events().isShared()) {
            // a new task's log is empty; on a store of its own, no event older than this send is published again
            Waiter waiter = new Waiter(run.taskId(), context.events(), run, 0);
            context.events().add(run.taskId(), waiter, 0);
            return waiter;
        }
        // another instance's events may still be on their way here: the waiter must know which came before it
        return context.events().locked(run.taskId(), () -> {
            long afterSeq = turns.lastSeq(run.taskId());
            Waiter waiter = new Waiter(run.taskId(), context.events(), run, afterSeq);
            context.events().add(run.taskId(), waiter, afterSeq);
            return waiter;
        });
    }

    /**
     * SendStreamingMessage: the task first (or a single direct message), then its events until it
     * is terminal or the agent's turn ends; the caller's line also decides when the stream closes
     * (see {@link StreamRules}). A follow-up's stream reads the task and attaches under the task's
     * lock, so a change stored meanwhile (a cancel) is either in the task it starts with or
     * follows it. A repeated first message (see {@link #send}) streams the task it created, as it
     * is now, then its further events unless it is finished or waits for the client.
     */
    public void stream(SendMessageRequest request, ServerCallContext call, EventSink sink) {
        StreamRules rules = StreamRules.of(call.line());
        TaskRun run;
        try {
            run = turns.accept(request, call);
        } catch (RepeatedSend repeat) {
            RepeatStreams.follow(context, repeat.existing().task().id(), sink, rules);
            return;
        }
        Subscription subscription = Turns.beforeStart(run, () -> attach(run, sink, rules));
        if (subscription == null) {
            run.abandon();
            return;
        }
        try {
            turns.start(run);
        } catch (RuntimeException e) {
            context.events().remove(run.taskId(), subscription);
            throw e;
        }
    }

    /** The stream's subscription to the task's events, or null when a follow-up finds it finished. */
    private Subscription attach(TaskRun run, EventSink sink, StreamRules rules) {
        return context.events().locked(run.taskId(), () -> {
            if (!run.isFollowUp()) {
                Subscription fresh = new Subscription(run.taskId(), sink, context.writers(), context.events(), 0,
                        run, rules);
                fresh.whenRepeat(existing -> RepeatStreams.followAfterRace(context, existing.task().id(), sink, rules));
                context.events().add(run.taskId(), fresh, 0);
                return fresh;
            }
            StoredTask stored = context.store().find(run.taskId()).orElseThrow();
            Subscription followUp = new Subscription(run.taskId(), sink, context.writers(), context.events(),
                    stored.lastSeq(), run, rules);
            followUp.deliver(stored.lastSeq(), stored.task());
            if (stored.task().status().state().isTerminal()) {
                // canceled since the message was taken in: nothing is left for the agent to do
                followUp.settle(stored.task());
                return null;
            }
            context.events().add(run.taskId(), followUp, stored.lastSeq());
            return followUp;
        });
    }

    public Task get(GetTaskRequest request, ServerCallContext call) {
        FieldLimits.check(request);
        return TaskViews.withHistory(visible(request.id(), call).task(), request.historyLength());
    }

    /** ListTasks: the caller's tasks only, or every task for the operator. */
    public ListTasksResponse list(ListTasksRequest request, ServerCallContext call) {
        return lists.list(request, call);
    }

    /** CancelTask: stops the agent if it runs here and stores the cancellation, unless the task finished first. */
    public Task cancel(CancelTaskRequest request, ServerCallContext call) {
        FieldLimits.check(request);
        StoredTask stored = visible(request.id(), call);
        if (stored.task().status().state().isTerminal()) {
            throw notCancelable(stored.task());
        }
        TaskStatus canceled = new TaskStatus(TaskState.CANCELED, null, context.clock().instant());
        // stored before the agent is stopped: whoever waits on the turn sees CANCELED, not WORKING
        Optional<Appended> appended = context.events().locked(request.id(), () -> {
            Optional<Appended> stored2 = context.store().update(request.id(),
                    task -> TaskChanges.status(task, canceled, null));
            stored2.ifPresent(a -> context.events().publish(request.id(), a));
            return stored2;
        });
        if (appended.isEmpty()) {
            throw notCancelable(visible(request.id(), call).task());
        }
        TaskRun run = context.running(request.id());
        if (run != null) {
            run.cancel();
        }
        return appended.get().task();
    }

    /**
     * SubscribeToTask (0.3: tasks/resubscribe). Without {@code lastEventId}: the current task
     * first, then its events until the caller's line closes the stream (see {@link StreamRules});
     * a task already terminal is refused in 1.0. With it: every stored event after that one, in
     * order, then live events, so a client that lost its connection misses nothing. The task is
     * read and the stream attached under the task's lock: a task that settles meanwhile is sent
     * settled, and its stream closed as the line wants.
     *
     * @param lastEventId the last event id the client saw, or null
     */
    public void subscribe(SubscribeToTaskRequest request, Long lastEventId, ServerCallContext call, EventSink sink) {
        subscriptions.open(request, lastEventId, call, sink);
    }

    /**
     * Marks the tasks this instance was running when it stopped as failed: nothing runs them any
     * more. Tasks waiting for input stay as they are; the caller's next message resumes them.
     *
     * @return how many tasks were failed
     */
    public int reconcileAfterRestart() {
        return RestartReconciliation.failUnfinished(context.store(), context.runner(), context.clock());
    }

    /**
     * Renews the leases of the tasks this instance runs: it is alive, so no other instance fails
     * them (see {@link LeaseKeeper}).
     *
     * @return how many leases were renewed
     */
    public int renewLeases() {
        return context.store().renewLeases(context.runner(), context.runningTaskIds());
    }

    /**
     * Fails the submitted or working tasks of other instances that stopped renewing their leases,
     * as those instances would at their restart, and publishes the failures to this instance's
     * streams and waiting requests. A task that finished meanwhile keeps its end.
     *
     * @return how many tasks were failed
     */
    public int reconcileExpiredLeases() {
        return RestartReconciliation.failExpired(context);
    }

    /** Agents running now, on this instance. */
    public int runningCount() {
        return context.runningCount();
    }

    private StoredTask visible(String taskId, ServerCallContext call) {
        return TaskAccess.visible(context.store(), taskId, call);
    }

    private static A2AException notCancelable(Task task) {
        return new A2AException(A2AError.TASK_NOT_CANCELABLE, "Task " + task.id() + " is "
                + task.status().state().wireName() + " and can no longer be canceled", Map.of("taskId", task.id()));
    }
}
