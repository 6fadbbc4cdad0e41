package dev.switchboard.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;
import java.io.Serializable;
import java.util.Objects;

/** One entry of a task's append-only event log: a 1.0 StreamResponse as JSON. */
@Entity(name = "TaskEventRow")
@Table(name = "a2a_task_event")
@IdClass(TaskEventRow.Key.class)
class TaskEventRow {
    @Id
    @Column(name = "task_id", length = 128)
    String taskId;

    @Id
    @Column(name = "seq")
    long seq;

    @Column(name = "created_ms", nullable = false)
    long createdMillis;

    @JdbcTypeCode(SqlTypes.LONG32VARCHAR)
    @Column(name = "event_json", nullable = false)
    String eventJson;

    /** The composite key (task, sequence number). */
    public static final class Key implements Serializable {
        String taskId;
        long seq;

        public Key() {
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && seq == key.seq && Objects.equals(taskId, key.taskId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(taskId, seq);
        }
    }
}
