package dev.switchboard.observe;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which trace a task's latest events were stored in, so that work done later on another thread
 * for those events (their push notifications) continues it. Kept in memory only, for the tasks
 * most recently written: after a restart, or for a task long idle, deliveries start traces of
 * their own. Nothing is kept when tracing is off or the events were stored outside any trace.
 */
public final class TraceOrigins {
    static final int KEPT = 10_000;

    private final Map<String, SpanContext> byTask = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SpanContext> eldest) {
            return size() > KEPT;
        }
    };

    /** The task's events were just stored, in whatever trace is current on this thread. */
    public void stored(String taskId) {
        SpanContext current = Tracing.currentSpan();
        if (current != null) {
            synchronized (byTask) {
                byTask.put(taskId, current);
            }
        }
    }

    /** The context the task's events were last stored in; the root context when unknown. */
    public Context of(String taskId) {
        if (Tracing.tracer() == null) {
            return null; // never read: no span is made
        }
        SpanContext origin;
        synchronized (byTask) {
            origin = byTask.get(taskId);
        }
        return origin == null ? Context.root() : Context.root().with(Span.wrap(origin));
    }
}
