package dev.switchboard.store;

import java.sql.PreparedStatement;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Tells the instances sharing the database that a task's log grew. On PostgreSQL it is a
 * notification ({@code pg_notify}) issued in the transaction that stores the events, so PostgreSQL
 * delivers it when, and only if, that transaction commits. The payload is the task's id and its
 * latest sequence number, never the event: listeners read the events from the log. H2 is the file
 * of one instance: nobody else is there to tell.
 */
@FunctionalInterface
interface NoticeAnnouncer {
    /** The channel every instance listens on; one per database, as notifications are. */
    String CHANNEL = "switchboard_task_events";

    NoticeAnnouncer SILENT = (session, taskId, lastSeq) -> {
    };

    /** Called inside the storing transaction, after the events' rows are written. */
    void announce(StatelessSession session, String taskId, long lastSeq);

    /** The announcer for the database the session factory talks to. */
    static NoticeAnnouncer of(SessionFactory sessions) {
        return sessions.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect()
                instanceof PostgreSQLDialect ? NoticeAnnouncer::notifyListeners : SILENT;
    }

    /** The payload a notice carries: the task's id, a space, its latest sequence number. */
    static String payload(String taskId, long lastSeq) {
        return taskId + " " + lastSeq;
    }

    private static void notifyListeners(StatelessSession session, String taskId, long lastSeq) {
        // through JDBC: pg_notify returns void, which Hibernate's native queries cannot map
        session.doWork(connection -> {
            try (PreparedStatement notify = connection.prepareStatement("select pg_notify(?, ?)")) {
                notify.setString(1, CHANNEL);
                notify.setString(2, payload(taskId, lastSeq));
                notify.execute();
            }
        });
    }
}
