package dev.switchboard.task;

import dev.switchboard.skill.ServerCallContext;

/**
 * Whether a caller may start another task now. Tasks outlive their requests (they are kept for
 * days), so starting one can be bounded more tightly than calling; continuing a task, reading and
 * repeating a first send are not starts.
 */
@FunctionalInterface
public interface TaskQuota {
    /** No bound. */
    TaskQuota NONE = call -> { };

    /** @throws RuntimeException the refusal, which the binding answers (a limit: 429) */
    void admit(ServerCallContext call);
}
