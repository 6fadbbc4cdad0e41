package dev.switchboard.protocol;

/** One member of a 1.0 {@code StreamResponse}: a task, a message, a status update or an artifact update. */
public sealed interface StreamEvent permits Task, Message, TaskStatusUpdateEvent, TaskArtifactUpdateEvent {
}
