package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Optional;

/**
 * Finds the task a caller's first send created, by the message's id. The unique index on the
 * caller and that id (migration V3) is what refuses a second task; this only looks the first up.
 */
final class FirstSends {
    /** What the index records for the operator, whose tasks have no owner (see migration V3). */
    static final String OPERATOR = "#operator";

    private final EntityManagerFactory emf;
    private final boolean enabled;

    /** @param enabled false to record no messageIds, so that every first send starts a task */
    FirstSends(EntityManagerFactory emf, boolean enabled) {
        this.emf = emf;
        this.enabled = enabled;
    }

    /**
     * The messageId of the message that created the task, to record: the first message of the
     * task as submitted, which is the log's first event.
     */
    String messageId(Task task, List<StreamEvent> events) {
        if (!enabled) {
            return null;
        }
        Task submitted = !events.isEmpty() && events.get(0) instanceof Task first ? first : task;
        return submitted.history().isEmpty() ? null : submitted.history().get(0).messageId();
    }

    /** @param owner null for the operator */
    Optional<String> taskId(String owner, String messageId) {
        if (!enabled) {
            return Optional.empty();
        }
        // on the column the index covers, so the lookup is one index probe for every caller
        List<?> ids = emf.callInTransaction(em -> em.createNativeQuery(
                        "select id from a2a_task where first_send_owner = ?1 and first_message_id = ?2")
                .setParameter(1, owner == null ? OPERATOR : owner)
                .setParameter(2, messageId)
                .getResultList());
        return ids.isEmpty() ? Optional.empty() : Optional.of((String) ids.get(0));
    }
}
