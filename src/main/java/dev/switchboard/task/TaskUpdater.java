package dev.switchboard.task;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.TaskState;
import java.util.List;
import java.util.UUID;

/**
 * How an {@link AgentExecutor} reports on its task. Every call is stored before anyone sees it.
 * Calls after the task reached a terminal state (for instance because the client cancelled it) are
 * ignored and return false.
 */
public final class TaskUpdater {
    private final TaskRun run;

    TaskUpdater(TaskRun run) {
        this.run = run;
    }

    public String taskId() {
        return run.taskId();
    }

    public String contextId() {
        return run.contextId();
    }

    /** Whether the client cancelled the task; long-running work should check and stop. */
    public boolean isCanceled() {
        return run.isCanceled();
    }

    /** An agent message in this task, for status updates and replies. */
    public Message message(String text) {
        return Message.agent(UUID.randomUUID().toString(), contextId(), taskId(), List.of(Part.text(text)));
    }

    public boolean working() {
        return run.status(TaskState.WORKING, null);
    }

    public boolean working(String text) {
        return run.status(TaskState.WORKING, message(text));
    }

    /** Adds or replaces an artifact. */
    public boolean artifact(Artifact artifact) {
        return run.artifact(artifact, false, true);
    }

    /** Sends one chunk of an artifact; {@code append} extends the chunks sent before under the same id. */
    public boolean artifactChunk(Artifact chunk, boolean append, boolean lastChunk) {
        return run.artifact(chunk, append, lastChunk);
    }

    public boolean complete() {
        return run.status(TaskState.COMPLETED, null);
    }

    public boolean complete(String text) {
        return run.status(TaskState.COMPLETED, message(text));
    }

    /**
     * Adds the artifacts and completes the task with the text as one stored step. An agent whose
     * answer is ready at once should prefer this to separate calls: the task is written once.
     */
    public boolean complete(List<Artifact> artifacts, String text) {
        return run.conclude(artifacts, TaskState.COMPLETED, message(text));
    }

    public boolean fail(String text) {
        return run.status(TaskState.FAILED, message(text));
    }

    public boolean reject(String text) {
        return run.status(TaskState.REJECTED, message(text));
    }

    public boolean requireInput(String text) {
        return run.status(TaskState.INPUT_REQUIRED, message(text));
    }

    public boolean requireAuth(String text) {
        return run.status(TaskState.AUTH_REQUIRED, message(text));
    }

    /** Any status, with an optional agent message. */
    public boolean status(TaskState state, Message message) {
        return run.status(state, message);
    }

    /**
     * Answers with a single message instead of a task. Only the first thing an executor reports
     * can be a reply; once a task exists, a reply completes it with that message.
     */
    public boolean reply(Message message) {
        return run.reply(message);
    }
}
