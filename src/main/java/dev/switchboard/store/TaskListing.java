package dev.switchboard.store;

import dev.switchboard.protocol.Task;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.TypedQuery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The list queries: filtered, keyset-paged, newest status first, with an exact total. */
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
            TypedQuery<TaskRow> rows = em.createQuery("select t from TaskRow t" + page
                    + " order by t.statusTimestampMillis desc, t.id desc", TaskRow.class);
            parameters.forEach(rows::setParameter);
            if (query.after() != null) {
                rows.setParameter("cursorTs", query.after().statusTimestampMillis());
                rows.setParameter("cursorId", query.after().taskId());
            }
            List<TaskRow> found = rows.setMaxResults(query.limit() + 1).getResultList();
            boolean more = found.size() > query.limit();
            List<Task> tasks = new ArrayList<>();
            for (TaskRow row : found.subList(0, Math.min(found.size(), query.limit()))) {
                tasks.add(JsonColumns.task(row.taskJson));
            }
            TaskRow last = more ? found.get(query.limit() - 1) : null;
            return new TaskPage(tasks, last == null ? null : new PageCursor(last.statusTimestampMillis, last.id), total);
        });
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
            List<Task> tasks = new ArrayList<>(rows.getResultList().stream().map(r -> JsonColumns.task(r.taskJson))
                    .toList());
            java.util.Collections.reverse(tasks);
            return tasks;
        });
    }
}
