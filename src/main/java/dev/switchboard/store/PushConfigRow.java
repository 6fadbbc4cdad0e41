package dev.switchboard.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** One webhook config of a task, with its delivery cursor; secrets sealed. */
@Entity(name = "PushConfigRow")
@Table(name = "a2a_push_config")
@IdClass(PushConfigRow.Key.class)
class PushConfigRow {
    @Id
    @Column(name = "task_id", length = 128)
    String taskId;

    @Id
    @Column(name = "id", length = 128)
    String id;

    @Column(name = "protocol_version", nullable = false, length = 8)
    String protocolVersion;

    @Column(name = "url", nullable = false, length = 2048)
    String url;

    @Column(name = "token_sealed", length = 4096)
    String tokenSealed;

    @Column(name = "auth_scheme", length = 64)
    String authScheme;

    @Column(name = "credentials_sealed", length = 8192)
    String credentialsSealed;

    @Column(name = "created_ms", nullable = false)
    long createdMillis;

    @Column(name = "delivered_seq", nullable = false)
    long deliveredSeq;

    @Column(name = "failures", nullable = false)
    int failures;

    @Column(name = "next_attempt_ms", nullable = false)
    long nextAttemptMillis;

    @Column(name = "cut_off", length = 1024)
    String cutOff;

    /** The instance delivering the config's events now, or null. */
    @Column(name = "claimed_by", length = 128)
    String claimedBy;

    /** Until when the claim holds (epoch millis); 0 when unclaimed. */
    @Column(name = "claimed_until_ms", nullable = false)
    long claimedUntilMillis;

    /** The composite key (task, config id). */
    public static final class Key implements Serializable {
        String taskId;
        String id;

        public Key() {
        }

        Key(String taskId, String id) {
            this.taskId = taskId;
            this.id = id;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(id, key.id) && Objects.equals(taskId, key.taskId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(taskId, id);
        }
    }
}
