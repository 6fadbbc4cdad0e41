package dev.switchboard.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import jakarta.persistence.Version;

/**
 * A task's row: the latest snapshot as A2A 1.0 JSON, plus the columns queries filter and sort on.
 * {@code version} makes concurrent writers (an agent completing, a client cancelling, another
 * instance) detect each other, so the first terminal state wins.
 */
@Entity(name = "TaskRow")
@Table(name = "a2a_task")
class TaskRow {
    @Id
    @Column(name = "id", length = 128)
    String id;

    @Column(name = "context_id", nullable = false)
    String contextId;

    @Column(name = "owner")
    String owner;

    /** The messageId of the message that created the task: a repeat of that send finds it. */
    @Column(name = "first_message_id")
    String firstMessageId;

    /** The server instance running the task's agent, while it runs. */
    @Column(name = "runner", length = 128)
    String runner;

    /**
     * Until when (epoch ms) the runner's lease holds; the runner renews it while it lives. Null
     * without a runner, and on rows written before leases existed.
     */
    @Column(name = "lease_until_ms")
    Long leaseUntilMillis;

    @Column(name = "state", nullable = false, length = 32)
    String state;

    @Column(name = "status_ts_ms", nullable = false)
    long statusTimestampMillis;

    @Column(name = "created_ms", nullable = false)
    long createdMillis;

    @Column(name = "last_seq", nullable = false)
    long lastSeq;

    @Version
    @Column(name = "version", nullable = false)
    long version;

    @JdbcTypeCode(SqlTypes.LONG32VARCHAR)
    @Column(name = "task_json", nullable = false)
    String taskJson;
}
