package dev.switchboard.protocol;

import java.util.Optional;

/** The lifecycle states of a task. Terminal states are final; interrupted ones wait for the client. */
public enum TaskState {
    UNSPECIFIED,
    SUBMITTED,
    WORKING,
    COMPLETED,
    FAILED,
    CANCELED,
    INPUT_REQUIRED,
    REJECTED,
    AUTH_REQUIRED;

    private static final String PREFIX = "TASK_STATE_";

    /** The 1.0 ProtoJSON name, e.g. {@code TASK_STATE_INPUT_REQUIRED}. */
    public String wireName() {
        return PREFIX + name();
    }

    /** Parses a 1.0 enum name; unknown names are empty, never a guess. */
    public static Optional<TaskState> fromWireName(String name) {
        return WireNames.parse(TaskState.class, PREFIX, name);
    }

    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == CANCELED || this == REJECTED;
    }

    /** Waiting for the client: a follow-up message resumes the task. */
    public boolean isInterrupted() {
        return this == INPUT_REQUIRED || this == AUTH_REQUIRED;
    }
}
