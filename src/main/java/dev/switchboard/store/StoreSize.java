package dev.switchboard.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;

/** Measures what the store holds: the bytes it takes on disk and its oldest task. */
final class StoreSize {
    private StoreSize() {
    }

    /** The H2 file's size, or the PostgreSQL database's; -1 when the database has no file (H2 in memory). */
    static long bytes(Connection connection) throws SQLException {
        if (connection.isWrapperFor(JdbcConnection.class)) {
            SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
            MVStore store = session.getDatabase().getStore().getMvStore();
            FileStore<?> file = store.getFileStore();
            return file == null || store.isClosed() ? -1 : file.size();
        }
        try (PreparedStatement size = connection.prepareStatement("SELECT pg_database_size(current_database())");
             ResultSet result = size.executeQuery()) {
            return result.next() ? result.getLong(1) : -1;
        }
    }

    /** When the oldest task kept was created (an index answers it); null for an empty store. */
    static Instant oldestTask(Connection connection) throws SQLException {
        try (PreparedStatement oldest = connection.prepareStatement("SELECT MIN(created_ms) FROM a2a_task");
             ResultSet result = oldest.executeQuery()) {
            if (!result.next()) {
                return null;
            }
            long millis = result.getLong(1);
            return result.wasNull() ? null : Instant.ofEpochMilli(millis);
        }
    }
}
