package dev.switchboard.skill;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import jakarta.json.JsonObject;

/**
 * What a skill implements to do an agent's work. The server calls it on a worker thread, never on
 * a request thread, once per incoming message (a new task or a follow-up to one).
 *
 * <p>The executor reports through the {@link TaskUpdater}: status changes, artifacts, and finally a
 * terminal or interrupted state, or a single direct {@link TaskUpdater#reply reply} instead of a
 * task. Returning from {@link #execute} ends the agent's turn: a blocking SendMessage answers then
 * even if the task is still working, and the SendStreamingMessage stream closes. A task left
 * working may still be updated later through the same updater, for example by work the executor
 * handed elsewhere.
 */
public interface AgentExecutor {

    /**
     * Checks, before any task exists, that this agent will take the message from this caller: a
     * refusal here is an error answer to the caller, not a failed task.
     *
     * @param call who sends the message, in which line, for which tenant
     * @throws A2AException to refuse the message
     */
    default void admit(Message message, JsonObject requestMetadata, ServerCallContext call) {
    }

    /**
     * Does the work for one message. Exceptions fail the task with a generic message; their
     * details go to the server log only.
     */
    void execute(AgentRequest request, TaskUpdater updater) throws Exception;

    /**
     * The client cancelled the task while {@link #execute} was running. The server marks the task
     * canceled and interrupts the executing thread; override to stop work elsewhere too. Events
     * emitted after cancellation are ignored.
     */
    default void cancel(AgentRequest request, TaskUpdater updater) {
    }
}
