package dev.switchboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The databases the store's contract tests run on: each test class is a {@code @ParameterizedClass}
 * over {@link #both()} (or {@link #all()}), so one test body checks H2 and PostgreSQL alike.
 */
enum StoreBackend {
    /** An H2 file, opened by URL as the default configuration does. */
    H2 {
        @Override
        StorePlace place(Path dir) {
            Path own = fresh(dir);
            String url = dev.switchboard.config.SettingsLoader.embeddedUrl(own);
            return new StorePlace(this) {
                @Override
                TaskDatabase open() {
                    return StoreTesting.open(own);
                }

                @Override
                Connection connect() throws SQLException {
                    return DriverManager.getConnection(url);
                }
            };
        }
    },
    /** A database of its own on the test PostgreSQL, opened by a jdbc:postgresql URL with our pool. */
    POSTGRESQL {
        @Override
        StorePlace place(Path dir) {
            String url = TestPostgres.shared().createDatabase();
            return new StorePlace(this) {
                @Override
                TaskDatabase open() {
                    return TaskDatabase.open(url, null, null, 4);
                }

                @Override
                Connection connect() throws SQLException {
                    return DriverManager.getConnection(url);
                }
            };
        }
    },
    /** The same through a DataSource the application does not pool, as a container's JNDI one. */
    POSTGRESQL_DATASOURCE {
        @Override
        StorePlace place(Path dir) {
            String url = TestPostgres.shared().createDatabase();
            return new StorePlace(this) {
                @Override
                TaskDatabase open() {
                    PGSimpleDataSource container = new PGSimpleDataSource();
                    container.setUrl(url);
                    return TaskDatabase.over(container, "java:comp/env/jdbc/test");
                }

                @Override
                Connection connect() throws SQLException {
                    return DriverManager.getConnection(url);
                }
            };
        }
    };

    /**
     * A new, empty place for tasks.
     *
     * @param dir a directory the test owns, for the file databases
     */
    abstract StorePlace place(Path dir);

    static Stream<StoreBackend> both() {
        return Stream.of(H2, POSTGRESQL);
    }

    static Stream<StoreBackend> all() {
        return Stream.of(values());
    }

    private static Path fresh(Path dir) {
        try {
            return Files.createTempDirectory(dir, "h2-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One database: opened, closed and opened again, it holds the same tasks. */
    abstract static class StorePlace {
        final StoreBackend backend;

        StorePlace(StoreBackend backend) {
            this.backend = backend;
        }

        /** Opens the database as the server does: migrations first. */
        abstract TaskDatabase open();

        /** A plain JDBC connection, for what a test checks below the store. */
        abstract Connection connect() throws SQLException;
    }
}
