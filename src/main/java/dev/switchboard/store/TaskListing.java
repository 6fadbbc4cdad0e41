package dev.switchboard.store;

import dev.switchboard.protocol.Task;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.TypedQuery;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.Session;

/** The list queries: filtered, keyset-paged, newest status first, with an exact total and a byte budget. */
final class TaskListing {
    private final EntityManagerFactory emf;

    TaskListing(EntityManagerFactory emf) {
        this.emf = emf;
    }

    TaskPage list(TaskQuery query) {
        StringBuilder where = new StringBuilder(" where 1 = 1");
        Map<String, Object> parameters = new HashMap<>();
        if (query.owner() != null) {
            where.append(" and t.owner = :owner");
            parameters.put("owner", query.owner());
        }
        if (query.contextId() != null) {
            where.append(" and t.contextId = :context");
            parameters.put("context", query.contextId());
        }
        if (query.state() != null) {
            where.append(" and t.state = :state");
            parameters.put("state", query.state().name());
        }
        if (query.statusAfterMillis() != null) {
            where.append(" and t.statusTimestampMillis >= :after");
            parameters.put("after", query.statusAfterMillis());
        }
        String filters = where.toString();
        StringBuilder page = new StringBuilder(filters);
        if (query.after() != null) {
            page.append(" and (t.statusTimestampMillis < :cursorTs"
                    + " or (t.statusTimestampMillis = :cursorTs and t.id < :cursorId))");
        }
        return emf.callInTransaction(em -> {
            TypedQuery<Long> count = em.createQuery("select count(t) from TaskRow t" + filters, Long.class);
            parameters.forEach(count::setParameter);
            long total = count.getSingleResult();
            // the stored JSON's length, for reading it in batches of one budget
            TypedQuery<Object[]> keys = em.createQuery("select t.id, t.statusTimestampMillis, t.storedChars"
                    + " from TaskRow t" + page + " order by t.statusTimestampMillis desc, t.id desc", Object[].class);
            parameters.forEach(keys::setParameter);
            if (query.after() != null) {
                keys.setParameter("cursorTs", query.after().statusTimestampMillis());
                keys.setParameter("cursorId", query.after().taskId());
            }
            List<Key> found = keys.setMaxResults(query.limit() + 1).getResultList().stream().map(Key::of).toList();
            return fill(em, query, found, total);
        });
    }

    /** A listed task's place in the order, and the length of its stored JSON. */
    private record Key(String id, long statusTimestampMillis, long storedChars) {
        static Key of(Object[] row) {
            return new Key((String) row[0], ((Number) row[1]).longValue(),
                    row[2] == null ? 0 : ((Number) row[2]).longValue());
        }

        PageCursor cursor() {
            return new PageCursor(statusTimestampMillis, id);
        }
    }

    /**
     * Reads the page's tasks in batches of at most the page's byte budget of stored JSON (one task
     * at least), each shown as the query's view right away, and ends the page before the task that
     * would take it over the budget: however large the stored tasks, the server holds about one
     * budget of them at a time.
     */
    private static TaskPage fill(EntityManager em, TaskQuery query, List<Key> found, long total) {
        List<Key> wanted = found.subList(0, Math.min(found.size(), query.limit()));
        List<Task> tasks = new ArrayList<>();
        long used = 0;
        int next = 0;
        while (next < wanted.size()) {
            int end = next + 1;
            long batchChars = wanted.get(next).storedChars();
            while (end < wanted.size() && batchChars + wanted.get(end).storedChars() <= query.maxBytes()) {
                batchChars += wanted.get(end++).storedChars();
            }
            Map<String, Task> stored = new HashMap<>();
            List<TaskRow> rows = em.createQuery("select t from TaskRow t where t.id in :ids", TaskRow.class)
                    .setParameter("ids", wanted.subList(next, end).stream().map(Key::id).toList())
                    .getResultList();
            TaskSnapshots.read(em.unwrap(Session.class), rows).forEach(task -> stored.put(task.id(), task));
            for (int i = next; i < end; i++) {
                Task task = stored.remove(wanted.get(i).id());
                if (task == null) {
                    continue; // deleted (retention) since the page was keyed
                }
                Task shown = query.view().apply(task);
                long size = JsonColumns.task(shown).getBytes(StandardCharsets.UTF_8).length;
                if (!tasks.isEmpty() && used + size > query.maxBytes()) {
                    return new TaskPage(tasks, wanted.get(i - 1).cursor(), total);
                }
                tasks.add(shown);
                used += size;
            }
            next = end;
        }
        boolean more = found.size() > query.limit();
        return new TaskPage(tasks, more ? wanted.get(wanted.size() - 1).cursor() : null, total);
    }

    List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit) {
        return emf.callInTransaction(em -> {
            TypedQuery<TaskRow> rows = em.createQuery("select t from TaskRow t where t.contextId = :context"
                    + (owner == null ? "" : " and t.owner = :owner")
                    + " and t.id <> :excluded order by t.createdMillis desc, t.id desc", TaskRow.class)
                    .setParameter("context", contextId)
                    .setParameter("excluded", excludingTaskId == null ? "" : excludingTaskId)
                    .setMaxResults(limit);
            if (owner != null) {
                rows.setParameter("owner", owner);
            }
            List<Task> tasks = new ArrayList<>(TaskSnapshots.read(em.unwrap(Session.class), rows.getResultList()));
            java.util.Collections.reverse(tasks);
            return tasks;
        });
    }
}
