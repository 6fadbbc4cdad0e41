package dev.switchboard.task;

import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.request.FieldLimits;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.skill.ServerCallContext;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * Takes a sent message in as a turn of the agent on its task and starts the turn on a worker. Between
 * the two, SendMessage and SendStreamingMessage attach whoever waits for the turn's events; a step
 * there that fails abandons the turn (see {@link #beforeStart}).
 */
final class Turns {
    private final TaskContext context;
    private final ExecutorService workers;
    private final MessageIntake intake;
    private final PushConfigs push;

    Turns(TaskContext context, ExecutorService workers, MessageIntake intake, PushConfigs push) {
        this.context = context;
        this.workers = workers;
        this.intake = intake;
        this.push = push;
    }

    /**
     * Takes the message in. Its fields' lengths and a push config it carries are checked before
     * anything is stored; the config is registered before the agent starts, so it is owed every
     * event of a new task.
     *
     * @throws RepeatedSend when the caller sent this first message before
     */
    TaskRun accept(SendMessageRequest request, ServerCallContext call) {
        FieldLimits.check(request);
        TaskPushNotificationConfig config = request.configuration().pushNotificationConfig();
        TaskPushNotificationConfig accepted = config == null ? null
                : push.accept(config, "configuration.taskPushNotificationConfig", call, request.message().taskId());
        TaskRun run = intake.accept(request, call);
        if (accepted != null) {
            beforeStart(run, () -> push.register(accepted, run.taskId(),
                    run.isFollowUp() ? lastSeq(run.taskId()) : 0, call.line()));
        }
        return run;
    }

    /** Starts the accepted turn on a worker; a turn that cannot start is abandoned. */
    void start(TaskRun run) {
        // a follow-up's turn was registered as the message was taken in (MessageIntake)
        if (!run.isFollowUp() && !context.begin(run)) {
            throw TaskAccess.stillWorking(run.taskId());
        }
        try {
            // the run continues the trace of the operation that started it (a no-op without tracing)
            Context parent = Tracing.currentContext();
            run.started(workers.submit(() -> run.execute(parent)));
        } catch (RejectedExecutionException e) {
            run.abandon();
            throw new A2AException(A2AError.INTERNAL_ERROR, "The server is at capacity; try again shortly");
        }
    }

    /** The sequence number of the task's last stored event (0 if none): its row only, not its JSON. */
    long lastSeq(String taskId) {
        return context.store().lastSeqs(List.of(taskId)).getOrDefault(taskId, 0L);
    }

    /**
     * A step between taking a message in and starting its turn. The turn is already registered,
     * so a step that fails abandons it: otherwise the task would look busy to the next message.
     */
    static <T> T beforeStart(TaskRun run, Supplier<T> step) {
        try {
            return step.get();
        } catch (RuntimeException e) {
            run.abandon();
            throw e;
        }
    }

    static void beforeStart(TaskRun run, Runnable step) {
        beforeStart(run, () -> {
            step.run();
            return null;
        });
    }
}
