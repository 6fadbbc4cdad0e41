package dev.switchboard.task;

import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.TaskStore;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/** What every part of task handling shares: the store, live events, the agent and the runs in progress. */
final class TaskContext {
    private final TaskStore store;
    private final TaskEvents events;
    private final AgentExecutor agent;
    private final Clock clock;
    private final String runner;
    private final Executor writers;
    private final Map<String, TaskRun> active = new ConcurrentHashMap<>();

    TaskContext(TaskStore store, TaskEvents events, AgentExecutor agent, Clock clock, String runner,
                Executor writers) {
        this.store = store;
        this.events = events;
        this.agent = agent;
        this.clock = clock;
        this.runner = runner;
        this.writers = writers;
    }

    TaskStore store() {
        return store;
    }

    TaskEvents events() {
        return events;
    }

    AgentExecutor agent() {
        return agent;
    }

    Clock clock() {
        return clock;
    }

    /** This server instance, recorded on the tasks it runs. */
    String runner() {
        return runner;
    }

    /** The pool that writes events to clients. */
    Executor writers() {
        return writers;
    }

    /** Registers a run; false when the task already has one in progress here. */
    boolean begin(TaskRun run) {
        return active.putIfAbsent(run.taskId(), run) == null;
    }

    TaskRun running(String taskId) {
        return active.get(taskId);
    }

    /** The tasks whose runs are in progress here. */
    Set<String> runningTasks() {
        return Set.copyOf(active.keySet());
    }

    void turnEnded(TaskRun run) {
        active.remove(run.taskId(), run);
    }

    /** The tasks with a run in progress here. */
    Set<String> runningTaskIds() {
        return Set.copyOf(active.keySet());
    }

    int runningCount() {
        return active.size();
    }
}
