package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Durable tasks and their ordered event logs. A write either stores the new snapshot and all of
 * its events, or nothing; once a method returns, what it wrote survives a crash of the server.
 */
public interface TaskStore {
    /**
     * Stores a new task with its first log entries, numbered from 1.
     *
     * @param runner the instance that runs its agent, or null
     * @throws IllegalStateException when a task with this id exists, or the owner has a task
     *                               created by a message with the same messageId as this task's
     *                               first (see {@link #findFirstSend})
     */
    Appended create(Task task, String owner, String runner, List<StreamEvent> events);

    /**
     * Applies a change to the task's freshest snapshot, retrying when a concurrent writer got there
     * first. The change is told who runs the task (see {@link TaskChange#apply(Task, Runner)}); a
     * change that names a runner gives it a fresh lease on the task, one that names none clears it.
     *
     * @return what was stored, or empty when the task is unknown or the change declined
     */
    Optional<Appended> update(String taskId, TaskChange change);

    Optional<StoredTask> find(String taskId);

    /**
     * The task that the owner's message with this messageId created, if it is still kept: a client
     * repeating a first send is given that task rather than a second one.
     *
     * @param owner null for the operator's tasks
     */
    Optional<StoredTask> findFirstSend(String owner, String messageId);

    /** The task's log entries with a sequence number above {@code afterSeq}, in order. */
    List<StoredEvent> eventsAfter(String taskId, long afterSeq);

    /**
     * The sequence number of each task's latest event, for the tasks that exist; how an instance
     * checks, in one query, whether other instances stored events for the tasks it serves.
     */
    default Map<String, Long> lastSeqs(Collection<String> taskIds) {
        Map<String, Long> found = new HashMap<>();
        for (String taskId : taskIds) {
            find(taskId).ifPresent(stored -> found.put(taskId, stored.lastSeq()));
        }
        return found;
    }

    TaskPage list(TaskQuery query);

    /**
     * The earlier tasks of a conversation, oldest first, for an agent that builds on them.
     *
     * @param owner null for tasks of any owner
     */
    List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit);

    /** Ids of tasks submitted or working on the given instance: after its restart nothing runs them. */
    List<String> runningOn(String runner);

    /**
     * Renews the runner's leases, as it does while it lives: on its tasks that are submitted or
     * working, and on those of {@code turns} (tasks with a turn of its agent in progress) in any
     * state.
     *
     * @return how many leases were renewed (a task may be counted twice)
     */
    int renewLeases(String runner, Collection<String> turns);

    /**
     * Ids of submitted or working tasks whose runner, an instance other than {@code self}, let its
     * lease run out: that instance stopped, and nothing runs their agents any more. A bounded
     * number per call; failing them makes room for the rest.
     */
    List<String> expiredLeases(String self);
}
