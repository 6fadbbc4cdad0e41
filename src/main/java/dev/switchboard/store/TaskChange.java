package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import java.util.List;
import java.util.Optional;

/**
 * A change to one task, computed from its current snapshot. The store may call it more than once
 * when another writer got there first, always with the freshest snapshot, so it must be a pure
 * function of its input.
 */
@FunctionalInterface
public interface TaskChange {
    /**
     * @return the new snapshot and the events that describe the change, or empty to leave the task
     *         as it is (for example because it is already terminal)
     */
    Optional<Result> apply(Task current);

    /**
     * @param runner the instance that now runs the task's agent, or null when none does
     */
    record Result(Task task, List<StreamEvent> events, String runner) {
        public Result {
            events = List.copyOf(events);
        }
    }
}
