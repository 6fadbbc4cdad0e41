package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

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
     * The change, given also who runs the task's agent as its row says now. A change that starts
     * a turn of the agent decides by it; the others ignore it.
     */
    default Optional<Result> apply(Task current, Runner runner) {
        return apply(current);
    }

    /**
     * A change that decides by who runs the task; applied to a task not stored yet, it is told
     * {@link Runner#NONE}. It may throw to refuse: the store then writes nothing and the exception
     * goes on to the caller.
     */
    static TaskChange byRunner(BiFunction<Task, Runner, Optional<Result>> change) {
        return new TaskChange() {
            @Override
            public Optional<Result> apply(Task current) {
                return change.apply(current, Runner.NONE);
            }

            @Override
            public Optional<Result> apply(Task current, Runner runner) {
                return change.apply(current, runner);
            }
        };
    }

    /**
     * @param runner the instance that now runs the task's agent, or null when none does
     */
    record Result(Task task, List<StreamEvent> events, String runner) {
        public Result {
            events = List.copyOf(events);
        }
    }
}
