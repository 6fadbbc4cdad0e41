package dev.switchboard.store;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.TaskState;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/** Webhook configs on JPA; the token and credentials are sealed before they reach the database. */
public final class JpaPushConfigStore implements PushConfigStore {
    private static final Logger LOG = Logger.getLogger(JpaPushConfigStore.class.getName());
    static final String UNOPENABLE = "its token or credentials do not open with this server's push-secrets.key";
    /** Task states after which no event is stored, so no webhook is called again. */
    private static final List<String> FINISHED = Arrays.stream(TaskState.values()).filter(TaskState::isTerminal)
            .map(TaskState::name).toList();

    private final EntityManagerFactory emf;
    private final SecretBox secrets;
    private final Clock clock;
    private final AtomicLong saves = new AtomicLong();

    public JpaPushConfigStore(EntityManagerFactory emf, SecretBox secrets, Clock clock) {
        this.emf = Objects.requireNonNull(emf);
        this.secrets = Objects.requireNonNull(secrets);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public void save(TaskPushNotificationConfig config, ProtocolVersion version, long afterSeq) {
        emf.runInTransaction(em -> {
            PushConfigRow row = em.find(PushConfigRow.class, new PushConfigRow.Key(config.taskId(), config.id()));
            boolean fresh = row == null;
            if (fresh) {
                row = new PushConfigRow();
                row.taskId = config.taskId();
                row.id = config.id();
                row.createdMillis = clock.millis();
                row.deliveredSeq = afterSeq;
            }
            row.protocolVersion = version.label();
            row.url = config.url();
            String where = config.taskId() + "/" + config.id() + "/";
            row.tokenSealed = secrets.seal(config.token(), where + "token");
            AuthenticationInfo auth = config.authentication();
            row.authScheme = auth == null ? null : auth.scheme();
            row.credentialsSealed = auth == null ? null : secrets.seal(auth.credentials(), where + "credentials");
            row.failures = 0;
            row.nextAttemptMillis = 0;
            row.cutOff = null;
            if (fresh) {
                em.persist(row);
            }
        });
        // counted once committed: a look that misses the row still sees the count move
        saves.incrementAndGet();
    }

    @Override
    public Optional<StoredPushConfig> find(String taskId, String id) {
        return emf.callInTransaction(em -> Optional.ofNullable(
                em.find(PushConfigRow.class, new PushConfigRow.Key(taskId, id))).map(this::stored));
    }

    @Override
    public List<StoredPushConfig> list(String taskId, int offset, int limit) {
        return emf.callInTransaction(em -> em.createQuery(
                        "select c from PushConfigRow c where c.taskId = :task order by c.createdMillis, c.id",
                        PushConfigRow.class)
                .setParameter("task", taskId)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultStream().map(this::stored).toList());
    }

    @Override
    public long countForTask(String taskId) {
        return emf.callInTransaction(em -> em.createQuery(
                        "select count(c) from PushConfigRow c where c.taskId = :task", Long.class)
                .setParameter("task", taskId).getSingleResult());
    }

    @Override
    public long countOpenForOwner(String owner) {
        return emf.callInTransaction(em -> em.createQuery(
                        "select count(c) from PushConfigRow c, TaskRow t where t.id = c.taskId and t.owner = :owner"
                                + " and c.cutOff is null and t.state not in :finished", Long.class)
                .setParameter("owner", owner).setParameter("finished", FINISHED).getSingleResult());
    }

    @Override
    public boolean delete(String taskId, String id) {
        return emf.callInTransaction(em -> em.createQuery(
                        "delete from PushConfigRow c where c.taskId = :task and c.id = :id")
                .setParameter("task", taskId).setParameter("id", id).executeUpdate() > 0);
    }

    @Override
    public boolean anyLive() {
        return emf.callInTransaction(em -> !em.createNativeQuery("select 1 from a2a_push_config where cut_off is null")
                .setMaxResults(1).getResultList().isEmpty());
    }

    @Override
    public long saves() {
        return saves.get();
    }

    /**
     * One transaction: the due rows are locked and claimed; rows another claimant has locked are
     * skipped, not waited for, so claimants on several instances never block on or take each
     * other's rows. The task is consulted in a subquery, which locks nothing: a join would lock
     * the task rows too (and H2 locks only single-table queries). The limit goes into the text:
     * it is a small number, and a bound parameter there is not portable.
     */
    @Override
    public List<StoredPushConfig> claimDue(String claimant, long nowMillis, long untilMillis, int limit) {
        String sql = "SELECT c.* FROM a2a_push_config c WHERE c.cut_off IS NULL AND c.next_attempt_ms <= :now"
                + " AND c.claimed_until_ms <= :now AND EXISTS (SELECT 1 FROM a2a_task t WHERE t.id = c.task_id"
                + " AND t.last_seq > c.delivered_seq) ORDER BY c.next_attempt_ms"
                + " FETCH FIRST " + Math.max(1, limit) + " ROWS ONLY FOR UPDATE SKIP LOCKED";
        return emf.callInTransaction(em -> {
            @SuppressWarnings("unchecked")
            List<PushConfigRow> rows = em.createNativeQuery(sql, PushConfigRow.class)
                    .setParameter("now", nowMillis).getResultList();
            List<StoredPushConfig> claimed = new ArrayList<>();
            for (PushConfigRow row : rows) {
                try {
                    claimed.add(stored(row));
                } catch (IllegalStateException unopenable) {
                    // a secret sealed under another key never opens here: one such config must not
                    // stall every delivery behind it, so it is cut off with the reason kept
                    row.cutOff = UNOPENABLE;
                    LOG.warning(() -> "Stopped notifications of push config " + row.id + " of task " + row.taskId
                            + ": " + UNOPENABLE);
                    continue;
                }
                row.claimedBy = claimant;
                row.claimedUntilMillis = untilMillis;
            }
            return claimed;
        });
    }

    @Override
    public Optional<StoredPushConfig> hold(String claimant, String taskId, String id, long nowMillis,
                                           long untilMillis) {
        return emf.callInTransaction(em -> {
            int held = em.createQuery("update PushConfigRow c set c.claimedBy = :claimant,"
                            + " c.claimedUntilMillis = :until where c.taskId = :task and c.id = :id"
                            + " and (c.claimedBy = :claimant or c.claimedUntilMillis <= :now)")
                    .setParameter("claimant", claimant).setParameter("until", untilMillis)
                    .setParameter("task", taskId).setParameter("id", id).setParameter("now", nowMillis)
                    .executeUpdate();
            return held == 0 ? Optional.<StoredPushConfig>empty() : Optional.ofNullable(
                    em.find(PushConfigRow.class, new PushConfigRow.Key(taskId, id))).map(this::stored);
        });
    }

    @Override
    public void release(String claimant, String taskId, String id) {
        emf.runInTransaction(em -> em.createQuery("update PushConfigRow c set c.claimedBy = null,"
                        + " c.claimedUntilMillis = 0 where c.taskId = :task and c.id = :id and c.claimedBy = :claimant")
                .setParameter("task", taskId).setParameter("id", id).setParameter("claimant", claimant)
                .executeUpdate());
    }

    @Override
    public int releaseAll(String claimant) {
        // SQL, like anyLive: both run as the store opens, beside the first task calls, and a
        // first JPQL query's translation costs a few hundred milliseconds of CPU there
        return emf.callInTransaction(em -> em.createNativeQuery("update a2a_push_config set claimed_by = null,"
                        + " claimed_until_ms = 0 where claimed_by = ?1")
                .setParameter(1, claimant).executeUpdate());
    }

    @Override
    public void delivered(String taskId, String id, long seq) {
        emf.runInTransaction(em -> em.createQuery("update PushConfigRow c set c.deliveredSeq = :seq, c.failures = 0,"
                        + " c.nextAttemptMillis = 0 where c.taskId = :task and c.id = :id and c.deliveredSeq < :seq")
                .setParameter("seq", seq).setParameter("task", taskId).setParameter("id", id).executeUpdate());
    }

    @Override
    public void failed(String taskId, String id, int failures, long nextAttemptMillis, String cutOff) {
        emf.runInTransaction(em -> em.createQuery("update PushConfigRow c set c.failures = :failures,"
                        + " c.nextAttemptMillis = :next, c.cutOff = :cutOff where c.taskId = :task and c.id = :id")
                .setParameter("failures", failures).setParameter("next", nextAttemptMillis)
                .setParameter("cutOff", cutOff).setParameter("task", taskId).setParameter("id", id)
                .executeUpdate());
    }

    private StoredPushConfig stored(PushConfigRow row) {
        String where = row.taskId + "/" + row.id + "/";
        AuthenticationInfo auth = row.authScheme == null ? null
                : new AuthenticationInfo(row.authScheme, secrets.open(row.credentialsSealed, where + "credentials"));
        TaskPushNotificationConfig config = new TaskPushNotificationConfig(null, row.id, row.taskId, row.url,
                secrets.open(row.tokenSealed, where + "token"), auth);
        return new StoredPushConfig(config, ProtocolVersion.parse(row.protocolVersion).orElse(ProtocolVersion.V1_0),
                row.createdMillis, row.deliveredSeq, row.failures, row.nextAttemptMillis, row.cutOff);
    }
}
