package dev.switchboard.task;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskState;

/**
 * When a task's stream closes and how it may end, which the protocol lines answer differently.
 *
 * <p>A 1.0 stream starts with the task and closes at a terminal state; a subscription stays open
 * while the task waits for the client, so it sees the turn that follows. The closing itself marks
 * the end, so a stream may end with the task it started with.
 *
 * <p>A 0.3 stream also closes when the task waits for input or authentication, and its last event
 * must be a status update in the state it closes at: the one 0.3 marks {@code final}. 0.3 clients
 * wait for that update and report a stream that closes without it as broken, even after a Task in
 * the same state. A 0.3 resubscription to a finished task is answered with the task and its final
 * update (the 0.3 proto's "return the task and close"), where 1.0 refuses it.
 */
enum StreamRules {
    V1_0(false),
    V0_3(true);

    private final boolean zeroThree;

    StreamRules(boolean zeroThree) {
        this.zeroThree = zeroThree;
    }

    static StreamRules of(ProtocolVersion line) {
        return line == ProtocolVersion.V0_3 ? V0_3 : V1_0;
    }

    /** Whether a stream closes once its task is in this state. */
    boolean closesAt(TaskState state) {
        return state.isTerminal() || (zeroThree && state.isInterrupted());
    }

    /** Whether the last event of a stream closed by its task's state must be a status update in that state. */
    boolean endsWithStatusUpdate() {
        return zeroThree;
    }

    /** Whether a subscription to a task that is terminal already is answered rather than refused. */
    boolean answersFinishedTasks() {
        return zeroThree;
    }
}
