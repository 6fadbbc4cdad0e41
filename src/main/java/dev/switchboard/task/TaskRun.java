package dev.switchboard.task;

import dev.switchboard.observe.RunSpan;
import dev.switchboard.runtime.Incident;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.TaskUpdater;
import dev.switchboard.store.Appended;
import dev.switchboard.store.TaskChange;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One turn of the agent on one task: the executor's reports become stored snapshots and events,
 * then live events. A new task is stored with the agent's first report, so that an agent may
 * answer with a direct message and leave no task behind; a caller who needs the task at once
 * ({@code returnImmediately}) has it stored before the agent starts.
 */
final class TaskRun {
    private static final Logger LOG = Logger.getLogger(TaskRun.class.getName());

    private final TaskContext context;
    private final String taskId;
    private final String contextId;
    private final String owner;
    private final Task pending;
    private final boolean followUp;
    private final AgentRequest request;
    private final TaskUpdater updater = new RunUpdater(this);
    private final AgentInterrupt interrupt = new AgentInterrupt();
    /** Opened once the turn has ended: the agent returned and the turn's end was told. */
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean created;
    private volatile boolean replied;
    private volatile boolean canceled;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile long seen;
    private volatile boolean superseded;
    private volatile Task latest;
    private volatile Future<?> future;

    /**
     * @param snapshot the task as stored when it exists already (a follow-up), else its first
     *                 snapshot, not yet stored
     */
    TaskRun(TaskContext context, Task snapshot, boolean exists, String owner, AgentRequest request) {
        this.context = context;
        this.taskId = snapshot.id();
        this.contextId = snapshot.contextId();
        this.owner = owner;
        this.pending = exists ? null : snapshot;
        this.followUp = exists;
        this.created = exists;
        this.latest = snapshot;
        this.request = request;
    }

    String taskId() {
        return taskId;
    }

    String contextId() {
        return contextId;
    }

    /** Whether the message continues a stored task rather than starting one. */
    boolean isFollowUp() {
        return followUp;
    }

    boolean isCanceled() {
        return canceled;
    }

    /** The latest snapshot this run stored or started from. */
    Task latest() {
        return latest;
    }

    void started(Future<?> running) {
        this.future = running;
    }

    /**
     * Runs the executor; called on a worker thread.
     *
     * @param trace the context current where the run was started, which the run's span continues
     */
    void execute(Context trace) {
        try (RunSpan span = RunSpan.start(trace, taskId, contextId)) {
            execute(span);
        }
    }

    private void execute(RunSpan span) {
        interrupt.agentStarts();
        try {
            context.agent().execute(request, updater);
        } catch (InterruptedException e) {
            if (!canceled) {
                updater.fail("The agent was interrupted before it finished");
            }
        } catch (Throwable e) {
            if (canceled) {
                return; // the agent stopped because it was cancelled; the cancellation is stored
            }
            span.failed(e);
            Incident incident = Incident.report(LOG, "the agent failed on task " + taskId, e);
            updater.fail("The agent failed to process the message " + incident.mention());
        } finally {
            interrupt.outOfReach(this::turnEnded);
            interrupt.agentEnds();
            Thread.interrupted(); // a cancellation's interrupt is this turn's, not the pool's next task's
        }
    }

    /**
     * The sequence number of the last event of the task this run knows of: the last it stored, or
     * one it was told another instance stored.
     */
    long seen() {
        return seen;
    }

    /** The task's log, as read from the store, holds events up to this number. Under the task's lock. */
    void seen(long seq) {
        seen = Math.max(seen, seq);
    }

    /**
     * Stops the agent: interrupts its thread and lets it clean up, once, whether the cancellation
     * was stored here or by another instance. The caller stores the cancellation.
     */
    void cancel() {
        canceled = true;
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        Future<?> running = future;
        if (running != null) {
            interrupt.interrupt(running);
        }
        try {
            context.agent().cancel(request, updater);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The agent failed while cancelling task " + taskId, e);
        }
    }

    boolean status(TaskState state, Message message) {
        return conclude(List.of(), state, message);
    }

    /**
     * Adds the artifacts and moves the task to {@code state} as one stored change: one transaction,
     * and subscribers receive the artifact updates and then the status update together.
     */
    boolean conclude(List<Artifact> artifacts, TaskState state, Message message) {
        TaskStatus status = new TaskStatus(state, message == null ? null : message.withIds(contextId, taskId),
                context.clock().instant());
        List<Artifact> added = List.copyOf(artifacts);
        return write(task -> TaskChanges.conclude(task, added, status, context.runner()));
    }

    boolean artifact(Artifact artifact, boolean append, boolean lastChunk) {
        return write(task -> TaskChanges.artifact(task, artifact, append, lastChunk, context.runner()));
    }

    boolean reply(Message message) {
        boolean direct = context.events().locked(taskId, () -> {
            if (created || replied) {
                return false;
            }
            replied = true;
            context.events().reply(taskId, message.withIds(contextId, null));
            return true;
        });
        return direct || status(TaskState.COMPLETED, message);
    }

    /**
     * Stores the task now if the agent has not reported yet; used when the caller needs it at once.
     *
     * @throws RepeatedSend when a send of the same message by the same caller stored its task first
     */
    Task ensureCreated() {
        return context.events().locked(taskId, () -> {
            if (!created && !replied) {
                store(pending, List.of());
            }
            return latest;
        });
    }

    /**
     * Waits for this turn to end.
     *
     * @return whether it ended within {@code timeout}
     */
    boolean awaitEnd(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Ends a turn that was registered but never started (its caller failed before it could): the
     * task is free for another turn, and whoever waits for this one's end goes on.
     */
    void abandon() {
        context.turnEnded(this);
        ended.countDown();
    }

    private void turnEnded() {
        try {
            endTurn();
        } finally {
            ended.countDown();
        }
    }

    private void endTurn() {
        context.turnEnded(this);
        context.events().locked(taskId, () -> {
            if (!replied && !superseded) {
                if (!created) {
                    try {
                        store(pending, List.of());
                    } catch (RepeatedSend repeat) {
                        handOver(repeat);
                        return null;
                    } catch (RuntimeException e) {
                        // whoever waits for this task must hear that it was never stored, not wait forever
                        LOG.log(Level.SEVERE, "Task " + taskId + " could not be stored", e);
                        context.events().failed(taskId, e instanceof A2AException known ? known
                                : new A2AException(A2AError.INTERNAL_ERROR, "The task could not be stored"));
                        return null;
                    }
                }
                context.events().turnEnded(taskId, this, latest);
            }
            return null;
        });
    }

    private boolean write(TaskChange change) {
        if (canceled) {
            return false;
        }
        try {
            return interrupt.outOfReach(() -> store(change));
        } catch (RepeatedSend repeat) {
            handOver(repeat);
            return false;
        } catch (RuntimeException e) {
            if (canceled) {
                return false;
            }
            throw e;
        }
    }

    private boolean store(TaskChange change) {
        return context.events().locked(taskId, () -> {
            if (replied) {
                return false;
            }
            if (!created) {
                Optional<TaskChange.Result> result = change.apply(pending);
                if (result.isEmpty()) {
                    return false;
                }
                store(result.get().task(), result.get().events());
                return true;
            }
            Optional<Appended> appended = context.store().update(taskId, change);
            appended.ifPresent(this::published);
            return appended.isPresent();
        });
    }

    /**
     * Creates the task: its first event is the task as submitted, then whatever the agent reported.
     *
     * @throws RepeatedSend when a send of the same message by the same caller stored its task first
     */
    private void store(Task task, List<StreamEvent> reported) {
        List<StreamEvent> events = new ArrayList<>();
        events.add(pending);
        events.addAll(reported);
        Appended appended;
        try {
            appended = context.store().create(task, owner, TaskChanges.runner(task, context.runner()), events);
        } catch (IllegalStateException refused) {
            throw RepeatedSend.racing(context.store(), owner, pending.history().get(0).messageId(), taskId)
                    .<RuntimeException>map(RepeatedSend::new).orElse(refused);
        }
        created = true;
        published(appended);
    }

    /**
     * Hands whoever waits on this run to the task the earlier send created, and stops the agent:
     * what it does from now on is stored nowhere.
     */
    private void handOver(RepeatedSend repeat) {
        superseded = true;
        canceled = true;
        context.events().repeated(taskId, repeat.existing());
        Future<?> running = future;
        if (running != null) {
            interrupt.interrupt(running);
        }
    }

    private void published(Appended appended) {
        latest = appended.task();
        seen(appended.lastSeq());
        context.events().publish(taskId, appended);
    }
}
