package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.request.FieldLimits;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import java.util.List;
import java.util.Map;

/**
 * SubscribeToTask (0.3: tasks/resubscribe). Without a last event id: the current task first, then
 * its events until the caller's line closes the stream (see {@link StreamRules}); a task already
 * terminal is refused in 1.0. With one: every stored event after that one, in order, then live
 * events, so a client that lost its connection misses nothing, on whichever instance it comes back
 * to. The task is read and the stream attached under the task's lock: a task that settles
 * meanwhile is sent settled, and its stream closed as the line wants.
 */
final class Subscriptions {
    /** Reads of a task and its log, at most, until they agree while another instance writes it. */
    private static final int CONSISTENT_READS = 3;

    private final TaskContext context;

    Subscriptions(TaskContext context) {
        this.context = context;
    }

    /** @param lastEventId the last event id the client saw, or null */
    void open(SubscribeToTaskRequest request, Long lastEventId, ServerCallContext call, EventSink sink) {
        FieldLimits.check(request);
        StreamRules rules = StreamRules.of(call.line());
        StoredTask first = TaskAccess.visible(context.store(), request.id(), call);
        if (lastEventId == null && first.task().status().state().isTerminal() && !rules.answersFinishedTasks()) {
            throw new A2AException(A2AError.UNSUPPORTED_OPERATION,
                    "Task " + request.id() + " is " + first.task().status().state().wireName()
                            + " and has no further events", Map.of("taskId", request.id()));
        }
        context.events().locked(request.id(), () -> {
            StoredTask stored = context.store().find(request.id()).orElseThrow();
            Subscription subscription;
            long last;
            if (lastEventId == null) {
                last = stored.lastSeq();
                subscription = new Subscription(request.id(), sink, context.writers(), context.events(), last, null,
                        rules);
                subscription.deliver(stored.lastSeq(), stored.task());
            } else {
                List<StoredEvent> missed = context.store().eventsAfter(request.id(), lastEventId);
                for (int read = 1; read < CONSISTENT_READS && endsAfter(missed, stored); read++) {
                    // another instance stored events between the two reads: the task must be as they leave it
                    stored = context.store().find(request.id()).orElseThrow();
                    missed = context.store().eventsAfter(request.id(), lastEventId);
                }
                // an id beyond the log was never sent; resuming from it must not skip what comes next
                last = missed.isEmpty() ? Math.max(0, Math.min(lastEventId, stored.lastSeq()))
                        : missed.get(missed.size() - 1).seq();
                subscription = new Subscription(request.id(), sink, context.writers(), context.events(), last, null,
                        rules);
                missed.forEach(event -> subscription.deliver(event.seq(), event.event()));
            }
            if (subscription.closesAt(stored.task())) {
                subscription.settle(stored.task());
            } else {
                context.events().add(request.id(), subscription, last);
            }
            return null;
        });
    }

    private static boolean endsAfter(List<StoredEvent> events, StoredTask task) {
        return !events.isEmpty() && events.get(events.size() - 1).seq() > task.lastSeq();
    }
}
