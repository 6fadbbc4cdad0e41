package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.StoredTask;

/**
 * The stream of a repeated first send (see {@link RepeatedSend}): the task the earlier send
 * created, as it is now; then, unless it is finished or waits for the client, its further events
 * as a subscription has them. The client sees what the first stream would show from here on.
 */
final class RepeatStreams {
    private RepeatStreams() {
    }

    /** Read and attached under the task's lock, so no event falls between the snapshot and the stream. */
    static void follow(TaskContext context, String taskId, EventSink sink, StreamRules rules) {
        context.events().locked(taskId, () -> {
            StoredTask stored = context.store().find(taskId).orElseThrow(() -> TaskAccess.notFound(taskId));
            Subscription subscription = new Subscription(taskId, sink, context.writers(), context.events(),
                    stored.lastSeq(), null, rules);
            subscription.deliver(stored.lastSeq(), stored.task());
            TaskState state = stored.task().status().state();
            if (state.isTerminal() || state.isInterrupted()) {
                subscription.settle(stored.task());
            } else {
                context.events().add(taskId, subscription, stored.lastSeq());
            }
            return null;
        });
    }

    /**
     * For a stream whose send lost the race to store its task: it runs on a writer thread, where
     * nobody waits for an exception, so a failure goes to the client.
     */
    static void followAfterRace(TaskContext context, String taskId, EventSink sink, StreamRules rules) {
        try {
            follow(context, taskId, sink, rules);
        } catch (A2AException e) {
            sink.fail(e);
        } catch (RuntimeException e) {
            sink.fail(new A2AException(A2AError.INTERNAL_ERROR, "The task could not be read"));
        }
    }
}
