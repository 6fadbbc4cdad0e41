package dev.switchboard.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import jakarta.persistence.Version;

/**
 * A task's row: the columns queries filter and sort on, and a snapshot as A2A 1.0 JSON as of the
 * entry {@code snapshotSeq} of its log. The task now is that snapshot with the later entries
 * replayed ({@link TaskLog}); a task whose log tells it whole from its first entry has no snapshot.
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

    /** The task as of entry {@link #snapshotSeq}, or null: then the log tells it from entry 1. */
    @JdbcTypeCode(SqlTypes.LONG32VARCHAR)
    @Column(name = "task_json")
    String taskJson;

    /** The log entry {@link #taskJson} is the task as of; 0 without a snapshot. */
    @Column(name = "snapshot_seq", nullable = false)
    long snapshotSeq;

    /**
     * The characters of JSON the task is read from (its snapshot and the entries after it): what a
     * page of ListTasks budgets before reading it.
     */
    @Column(name = "stored_chars", nullable = false)
    long storedChars;
}
