package dev.switchboard.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Makes the instances on one shared database agree on the keys each made in its own data
 * directory. A webhook secret sealed by one instance must open on the one that delivers the
 * notification, and a client that verifies a signature against the JWKS must find the signer's key
 * whichever instance the load balancer sends it to: with a key of its own, an instance would fail
 * those calls now and then, and silently. So the first instance records each key's fingerprint,
 * and an instance whose key differs is refused at start, naming the file to copy.
 */
public final class SharedKeys {
    private static final Logger LOG = Logger.getLogger(SharedKeys.class.getName());

    /** A key to agree on: the file it lives in (for the message) and its fingerprint, read when needed. */
    public record Key(String file, Supplier<String> fingerprint) {
        public Key {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(fingerprint, "fingerprint");
        }
    }

    private SharedKeys() {
    }

    /**
     * Records the fingerprints not recorded yet and checks the others.
     *
     * @param keys     by name, e.g. {@code push-secrets}
     * @param instance this instance's id, recorded with a first fingerprint
     * @throws IllegalStateException when a key differs from the one recorded
     */
    public static void agree(DataSource dataSource, Map<String, Key> keys, String instance, Clock clock) {
        if (keys.isEmpty()) {
            return;
        }
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(true);
            try {
                for (Map.Entry<String, Key> key : keys.entrySet()) {
                    check(connection, key.getKey(), key.getValue(), instance, clock);
                }
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot compare this instance's keys with the database's: "
                    + e.getMessage(), e);
        }
    }

    private static void check(Connection connection, String name, Key key, String instance, Clock clock)
            throws SQLException {
        String mine = key.fingerprint().get();
        Recorded recorded = recorded(connection, name);
        if (recorded == null) {
            // two instances starting together: the primary key lets one in, the other reads it back
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO a2a_shared_key (name, fingerprint, recorded_by, recorded_ms) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, name);
                insert.setString(2, mine);
                insert.setString(3, instance);
                insert.setLong(4, clock.millis());
                insert.executeUpdate();
                LOG.info(() -> "Recorded the " + name + " key (" + key.file() + ") for the instances on this database");
                return;
            } catch (SQLException raced) {
                recorded = recorded(connection, name);
                if (recorded == null) {
                    throw raced;
                }
            }
        }
        if (!recorded.fingerprint().equals(mine)) {
            throw new IllegalStateException("this instance's " + key.file() + " differs from the one instance "
                    + recorded.by() + " recorded for every instance on this database: copy that instance's "
                    + key.file() + " into this instance's data directory, or give every instance the same one");
        }
    }

    private record Recorded(String fingerprint, String by) {
    }

    private static Recorded recorded(Connection connection, String name) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT fingerprint, recorded_by FROM a2a_shared_key WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? new Recorded(row.getString(1), row.getString(2)) : null;
            }
        }
    }
}
