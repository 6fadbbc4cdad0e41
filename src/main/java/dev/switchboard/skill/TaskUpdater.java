package dev.switchboard.skill;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.TaskState;
import java.util.List;
import java.util.UUID;

/**
 * How an {@link AgentExecutor} reports on its task. Every call is stored before anyone sees it.
 * Calls after the task reached a terminal state (for instance because the client cancelled it) are
 * ignored and return false. The server gives each turn its own updater; a skill never implements
 * one, except to test itself.
 */
public interface TaskUpdater {
    String taskId();

    String contextId();

    /** Whether the client cancelled the task; long-running work should check and stop. */
    boolean isCanceled();

    /** Any status, with an optional agent message. */
    boolean status(TaskState state, Message message);

    /** Sends one chunk of an artifact; {@code append} extends the chunks sent before under the same id. */
    boolean artifactChunk(Artifact chunk, boolean append, boolean lastChunk);

    /**
     * Adds the artifacts and completes the task with the text as one stored step. An agent whose
     * answer is ready at once should prefer this to separate calls: the task is written once.
     */
    boolean complete(List<Artifact> artifacts, String text);

    /**
     * Answers with a single message instead of a task. Only the first thing an executor reports
     * can be a reply; once a task exists, a reply completes it with that message.
     */
    boolean reply(Message message);

    /** An agent message in this task, for status updates and replies. */
    default Message message(String text) {
        return Message.agent(UUID.randomUUID().toString(), contextId(), taskId(), List.of(Part.text(text)));
    }

    default boolean working() {
        return status(TaskState.WORKING, null);
    }

    default boolean working(String text) {
        return status(TaskState.WORKING, message(text));
    }

    /** Adds or replaces an artifact. */
    default boolean artifact(Artifact artifact) {
        return artifactChunk(artifact, false, true);
    }

    default boolean complete() {
        return status(TaskState.COMPLETED, null);
    }

    default boolean complete(String text) {
        return status(TaskState.COMPLETED, message(text));
    }

    default boolean fail(String text) {
        return status(TaskState.FAILED, message(text));
    }

    default boolean reject(String text) {
        return status(TaskState.REJECTED, message(text));
    }

    default boolean requireInput(String text) {
        return status(TaskState.INPUT_REQUIRED, message(text));
    }

    default boolean requireAuth(String text) {
        return status(TaskState.AUTH_REQUIRED, message(text));
    }
}
