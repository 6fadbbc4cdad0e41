package dev.switchboard.store;

import dev.switchboard.observe.Metrics;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.hibernate.LockMode;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;

/**
 * The task store on JPA: one row per task, one row per event, written in one transaction; the row
 * holds the task's JSON only where its events do not tell it ({@link TaskSnapshots}). The
 * writes and the lookup by id, on every request's path, go through Hibernate's stateless session:
 * each is a few statements on rows that are never reread in the same unit of work, so a
 * persistence context (snapshots, dirty checking, an action queue) would only cost time.
 */
public final class JpaTaskStore implements TaskStore {
    private static final int MAX_ATTEMPTS = 12;
    /** Ids per query when reading many tasks' sequence numbers: well within every driver's bind limit. */
    private static final int LAST_SEQS_PER_QUERY = 500;

    private final EntityManagerFactory emf;
    private final SessionFactory sessions;
    private final Clock clock;
    private final TaskListing listing;
    private final FirstSends firstSends;
    private final Metrics metrics;
    private final TaskLeases leases;
    private final NoticeAnnouncer announcer;

    public JpaTaskStore(EntityManagerFactory emf, Clock clock) {
        this(emf, clock, true);
    }

    /** @param firstSends whether tasks record the messageId that created them (see {@link #findFirstSend}) */
    public JpaTaskStore(EntityManagerFactory emf, Clock clock, boolean firstSends) {
        this(emf, clock, firstSends, Metrics.off());
    }

    /** @param metrics times each commit and counts its events (every write of events is one commit) */
    public JpaTaskStore(EntityManagerFactory emf, Clock clock, boolean firstSends, Metrics metrics) {
        this(emf, clock, firstSends, metrics, TaskLeases.DEFAULT);
    }

    /**
     * @param lease how long a runner's hold on a task lasts from its last write or renewal (see
     *              {@link #renewLeases})
     */
    public JpaTaskStore(EntityManagerFactory emf, Clock clock, boolean firstSends, Metrics metrics, Duration lease) {
        this.metrics = metrics;
        this.leases = new TaskLeases(emf, lease);
        this.emf = Objects.requireNonNull(emf);
        this.sessions = emf.unwrap(SessionFactory.class);
        this.clock = Objects.requireNonNull(clock);
        this.listing = new TaskListing(emf);
        this.firstSends = new FirstSends(emf, firstSends);
        this.announcer = NoticeAnnouncer.of(sessions);
    }

    @Override
    public Appended create(Task task, String owner, String runner, List<StreamEvent> events) {
        long now = clock.millis();
        TaskRow row = new TaskRow();
        row.id = task.id();
        row.contextId = task.contextId();
        row.owner = owner;
        row.firstMessageId = firstSends.messageId(task, events);
        row.runner = runner;
        row.createdMillis = now;
        fill(row, task);
        leases.stamp(row, now);
        row.lastSeq = events.size();
        List<StoredEvent> stored = new ArrayList<>();
        List<TaskEventRow> rows = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            stored.add(new StoredEvent(i + 1, events.get(i)));
            rows.add(eventRow(task.id(), i + 1, events.get(i), now));
        }
        TaskSnapshots.record(row, null, events, json(rows), task);
        try {
            // no lookup first: the primary key refuses a second task with the same id, and the
            // first-send index a second task from the same caller's same message
            long started = System.nanoTime();
            sessions.inStatelessTransaction(session -> {
                session.insert(row);
                session.insertMultiple(rows);
                if (!rows.isEmpty()) {
                    announcer.announce(session, row.id, row.lastSeq);
                }
            });
            metrics.storeCommit(System.nanoTime() - started, rows.size());
            metrics.taskEntered(row.state);
        } catch (PersistenceException e) {
            throw new IllegalStateException("task " + task.id() + " could not be stored", e);
        }
        return new Appended(task, stored);
    }

    @Override
    public Optional<Appended> update(String taskId, TaskChange change) {
        for (int attempt = 1; ; attempt++) {
            try {
                long started = System.nanoTime();
                Optional<Appended> appended = sessions.fromStatelessTransaction(session -> apply(session, taskId,
                        change));
                if (appended.isPresent() && !appended.get().events().isEmpty()) {
                    metrics.storeCommit(System.nanoTime() - started, appended.get().events().size());
                }
                return appended;
            } catch (PersistenceException e) {
                if (attempt >= MAX_ATTEMPTS || !isConflict(e)) {
                    throw e;
                }
                backOff(attempt);
            }
        }
    }

    private Optional<Appended> apply(StatelessSession session, String taskId, TaskChange change) {
        // writers of one task (an agent streaming artifacts, a client cancelling) queue on its row:
        // with optimistic checks alone, a busy task's writers kept losing to each other
        TaskRow row = session.get(TaskRow.class, taskId, LockMode.PESSIMISTIC_WRITE);
        if (row == null) {
            return Optional.empty();
        }
        Task current = TaskSnapshots.read(session, row);
        if (current == null) {
            return Optional.empty();
        }
        long now = clock.millis();
        Optional<TaskChange.Result> result = change.apply(current, leases.runner(row, now));
        if (result.isEmpty()) {
            return Optional.empty();
        }
        Task task = result.get().task();
        String before = row.state;
        fill(row, task);
        if (!row.state.equals(before)) {
            metrics.taskEntered(row.state);
        }
        row.runner = result.get().runner();
        leases.stamp(row, now);
        List<StoredEvent> stored = new ArrayList<>();
        List<TaskEventRow> rows = new ArrayList<>();
        for (StreamEvent event : result.get().events()) {
            long seq = ++row.lastSeq;
            rows.add(eventRow(taskId, seq, event, now));
            stored.add(new StoredEvent(seq, event));
        }
        TaskSnapshots.record(row, current, result.get().events(), json(rows), task);
        // the version check stays: a database that does not honour the row lock still loses nothing
        session.update(row);
        session.insertMultiple(rows);
        if (!rows.isEmpty()) {
            announcer.announce(session, taskId, row.lastSeq);
        }
        return Optional.of(new Appended(task, stored));
    }

    @Override
    public Optional<StoredTask> find(String taskId) {
        return sessions.fromStatelessTransaction(session -> {
            TaskRow row = session.get(TaskRow.class, taskId);
            Task task = row == null ? null : TaskSnapshots.read(session, row);
            return task == null ? Optional.empty() : Optional.of(new StoredTask(task, row.owner, row.lastSeq));
        });
    }

    @Override
    public Optional<StoredTask> findFirstSend(String owner, String messageId) {
        return firstSends.taskId(owner, messageId).flatMap(this::find);
    }

    @Override
    public List<StoredEvent> eventsAfter(String taskId, long afterSeq) {
        // stateless: nothing to dirty-check at commit; this read runs on every notice of another instance
        return sessions.fromStatelessTransaction(session -> session.createSelectionQuery(
                        "select e from TaskEventRow e where e.taskId = :task and e.seq > :after order by e.seq",
                        TaskEventRow.class)
                .setParameter("task", taskId)
                .setParameter("after", afterSeq)
                .getResultList().stream()
                .map(e -> new StoredEvent(e.seq, JsonColumns.event(e.eventJson)))
                .toList());
    }

    @Override
    public Map<String, Long> lastSeqs(Collection<String> taskIds) {
        Map<String, Long> found = new HashMap<>();
        List<String> ids = List.copyOf(taskIds);
        for (int from = 0; from < ids.size(); from += LAST_SEQS_PER_QUERY) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + LAST_SEQS_PER_QUERY));
            emf.runInTransaction(em -> em.createQuery("select t.id, t.lastSeq from TaskRow t where t.id in :ids",
                            Object[].class)
                    .setParameter("ids", chunk)
                    .getResultStream()
                    .forEach(row -> found.put((String) row[0], (Long) row[1])));
        }
        return found;
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return listing.list(query);
    }

    @Override
    public List<Task> conversation(String contextId, String owner, String excludingTaskId, int limit) {
        return listing.conversation(contextId, owner, excludingTaskId, limit);
    }

    @Override
    public List<String> runningOn(String runner) {
        // SQL, not JPQL: this runs while the store opens, before the first task call can be
        // served, and translating a first JPQL query cost about 0.2 s of CPU there
        List<?> ids = emf.callInTransaction(em -> em.createNativeQuery(
                        "select id from a2a_task where runner = ?1 and state in ('SUBMITTED', 'WORKING')")
                .setParameter(1, runner)
                .getResultList());
        return ids.stream().map(String.class::cast).toList();
    }

    @Override
    public int renewLeases(String runner, Collection<String> turns) {
        return leases.renew(runner, turns, clock.millis());
    }

    @Override
    public List<String> expiredLeases(String self) {
        return leases.expired(self, clock.millis());
    }

    private static void fill(TaskRow row, Task task) {
        row.state = task.status().state().name();
        row.statusTimestampMillis = task.status().timestamp() == null
                ? row.createdMillis : task.status().timestamp().toEpochMilli();
    }

    private static List<String> json(List<TaskEventRow> rows) {
        return rows.stream().map(row -> row.eventJson).toList();
    }

    private static TaskEventRow eventRow(String taskId, long seq, StreamEvent event, long now) {
        TaskEventRow row = new TaskEventRow();
        row.taskId = taskId;
        row.seq = seq;
        row.createdMillis = now;
        row.eventJson = JsonColumns.event(event);
        return row;
    }

    /** Waits a random, growing while, so writers that collided do not collide again in step. */
    private static void backOff(int attempt) {
        long bound = 1L << Math.min(attempt, 6);
        try {
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(bound + 1));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a conflicting write", interrupted);
        }
    }

    private static boolean isConflict(PersistenceException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof OptimisticLockException
                    || cause.getClass().getName().endsWith("StaleStateException")
                    || cause.getClass().getName().endsWith("StaleObjectStateException")
                    || cause.getClass().getName().endsWith("ConstraintViolationException")) {
                return true;
            }
        }
        return false;
    }
}
