package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.query.QueryProducer;

/**
 * What a task's row holds of the task, and the task read back from the row and its log. A write
 * stores the task in the row only when its events do not tell the change, or the entries since the
 * row's snapshot would pass {@link TaskLog#MAX_TAIL}: a SendMessage's task, created complete in one
 * write, is stored once, in its events, not a second time in its row.
 */
final class TaskSnapshots {
    /** Tasks whose whole log is read in one query when a page of them is read. */
    private static final int TASKS_PER_QUERY = 200;

    private TaskSnapshots() {
    }

    /**
     * Records a write in the row, whose {@code lastSeq} already counts the write's events.
     *
     * @param before       the task before the write, or null for a new task
     * @param events       the write's events, JSON-encoded as {@code eventsJson}
     * @param after        the task after the write
     */
    static void record(TaskRow row, Task before, List<StreamEvent> events, List<String> eventsJson, Task after) {
        if (row.lastSeq - row.snapshotSeq <= TaskLog.MAX_TAIL && TaskLog.tells(before, events, after)) {
            for (String json : eventsJson) {
                row.storedChars += json.length();
            }
            return;
        }
        row.taskJson = JsonColumns.task(after);
        row.snapshotSeq = row.lastSeq;
        row.storedChars = row.taskJson.length();
    }

    /**
     * The task as its row and log tell it now, up to the row's {@code lastSeq}.
     *
     * @return null when the log is gone: retention deleted the task since its row was read
     */
    static Task read(QueryProducer session, TaskRow row) {
        if (row.snapshotSeq >= row.lastSeq) {
            return snapshot(row);
        }
        List<StreamEvent> tail = new ArrayList<>();
        session.createSelectionQuery("select e.eventJson from TaskEventRow e where e.taskId = :task"
                        + " and e.seq > :from and e.seq <= :to order by e.seq", String.class)
                .setParameter("task", row.id)
                .setParameter("from", row.snapshotSeq)
                .setParameter("to", row.lastSeq)
                .getResultList()
                .forEach(json -> tail.add(JsonColumns.event(json)));
        return replayed(snapshot(row), tail);
    }

    /**
     * The tasks of many rows, in the rows' order, less those retention deleted since their rows were
     * read: the logs of tasks without a snapshot (the common case, and short ones) read together,
     * the others' tails one task at a time.
     */
    static List<Task> read(QueryProducer session, List<TaskRow> rows) {
        Map<String, TaskRow> fromStart = new LinkedHashMap<>();
        for (TaskRow row : rows) {
            if (row.snapshotSeq == 0 && row.lastSeq > 0) {
                fromStart.put(row.id, row);
            }
        }
        Map<String, List<StreamEvent>> logs = logs(session, fromStart);
        List<Task> tasks = new ArrayList<>(rows.size());
        for (TaskRow row : rows) {
            List<StreamEvent> log = logs.get(row.id);
            Task task = log == null ? read(session, row) : replayed(null, log);
            if (task != null) {
                tasks.add(task);
            }
        }
        return tasks;
    }

    private static Map<String, List<StreamEvent>> logs(QueryProducer session, Map<String, TaskRow> rows) {
        Map<String, List<StreamEvent>> logs = new HashMap<>();
        List<String> ids = List.copyOf(rows.keySet());
        for (int from = 0; from < ids.size(); from += TASKS_PER_QUERY) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + TASKS_PER_QUERY));
            session.createSelectionQuery("select e.taskId, e.seq, e.eventJson from TaskEventRow e"
                            + " where e.taskId in :ids order by e.taskId, e.seq", Object[].class)
                    .setParameter("ids", chunk)
                    .getResultList()
                    .forEach(entry -> {
                        String taskId = (String) entry[0];
                        // entries a writer added after the row was read are not the row's task yet
                        if (((Number) entry[1]).longValue() <= rows.get(taskId).lastSeq) {
                            logs.computeIfAbsent(taskId, id -> new ArrayList<>())
                                    .add(JsonColumns.event((String) entry[2]));
                        }
                    });
        }
        return logs;
    }

    private static Task replayed(Task snapshot, List<StreamEvent> tail) {
        try {
            return TaskLog.replay(snapshot, tail);
        } catch (IllegalStateException cutShort) {
            return null;
        }
    }

    private static Task snapshot(TaskRow row) {
        return row.taskJson == null ? null : JsonColumns.task(row.taskJson);
    }
}
