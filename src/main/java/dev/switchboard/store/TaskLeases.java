package dev.switchboard.store;

import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * The leases on the tasks instances run, kept in the task rows: every write that names a runner
 * stamps a fresh lease, the runner renews its leases in bulk while it lives, and any instance looks
 * for submitted or working tasks whose lease ran out. A row without a lease (written before leases
 * existed) counts as leased until a lease's length after its last status change.
 */
final class TaskLeases {
    /** Thirty seconds: a few missed renewals, not a stall of a busy database, let a lease run out. */
    static final Duration DEFAULT = Duration.ofSeconds(30);
    /** Ids in one renewal statement: far below any database's limit on bound parameters. */
    private static final int IDS_PER_STATEMENT = 500;
    /** Tasks one look for expired leases reports: a dead instance's many tasks are failed over a few rounds. */
    private static final int EXPIRED_PER_ROUND = 1000;

    private final EntityManagerFactory emf;
    private final long leaseMillis;

    TaskLeases(EntityManagerFactory emf, Duration lease) {
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("a lease must last longer than zero");
        }
        this.emf = emf;
        this.leaseMillis = lease.toMillis();
    }

    /** A write that names a runner gives it a full lease; one that names none clears it. */
    void stamp(TaskRow row, long now) {
        row.leaseUntilMillis = row.runner == null ? null : now + leaseMillis;
    }

    Runner runner(TaskRow row, long now) {
        if (row.runner == null) {
            return Runner.NONE;
        }
        return new Runner(row.runner, now < until(row));
    }

    private long until(TaskRow row) {
        return row.leaseUntilMillis != null ? row.leaseUntilMillis : row.statusTimestampMillis + leaseMillis;
    }

    /**
     * Gives the runner's tasks a full lease again: those submitted or working, and those with a
     * turn of the agent in progress whatever their state (a follow-up to a task waiting for input
     * runs before the agent reports). Versions stay as they are: a renewal conflicts with no writer.
     *
     * @return rows renewed, a row counted once per statement that renewed it
     */
    int renew(String runner, Collection<String> turns, long now) {
        List<String> ids = List.copyOf(turns);
        long until = now + leaseMillis;
        return emf.callInTransaction(em -> {
            int renewed = 0;
            int from = 0;
            do {
                List<String> chunk = ids.subList(from, Math.min(ids.size(), from + IDS_PER_STATEMENT));
                // the first statement takes the states, any further one only more ids
                String which = from == 0 ? "t.state in ('SUBMITTED', 'WORKING')" + (chunk.isEmpty() ? "" : " or t.id in :ids")
                        : "t.id in :ids";
                var update = em.createQuery("update TaskRow t set t.leaseUntilMillis = :until"
                                + " where t.runner = :runner and (" + which + ")")
                        .setParameter("until", until)
                        .setParameter("runner", runner);
                if (!chunk.isEmpty()) {
                    update.setParameter("ids", chunk);
                }
                renewed += update.executeUpdate();
                from += IDS_PER_STATEMENT;
            } while (from < ids.size());
            return renewed;
        });
    }

    /** Submitted or working tasks of instances other than {@code self} whose lease ran out, some of them at most. */
    List<String> expired(String self, long now) {
        return emf.callInTransaction(em -> em.createQuery(
                        "select t.id from TaskRow t where t.state in ('SUBMITTED', 'WORKING')"
                                + " and t.runner is not null and t.runner <> :self"
                                + " and (t.leaseUntilMillis <= :now"
                                + " or (t.leaseUntilMillis is null and t.statusTimestampMillis <= :stale))",
                        String.class)
                .setParameter("self", self)
                .setParameter("now", now)
                .setParameter("stale", now - leaseMillis)
                .setMaxResults(EXPIRED_PER_ROUND)
                .getResultList());
    }
}
