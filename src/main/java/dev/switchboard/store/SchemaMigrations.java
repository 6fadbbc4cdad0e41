package dev.switchboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;

/**
 * Brings the schema to the version of the migrations on the class path. On a restart the schema
 * is almost always current already, and Flyway then still costs seconds of a cold start (loading
 * itself, parsing every script, validating the history); so one query of the history table first
 * tells whether every migration on the class path has been applied, and Flyway runs only when one
 * has not (a new database, a schema behind this release, a failed migration, a history table
 * that cannot be read, migrations that cannot be listed).
 */
final class SchemaMigrations {
    private static final Logger LOG = Logger.getLogger(SchemaMigrations.class.getName());
    static final String HISTORY_TABLE = "switchboard_schema_history";
    /** Flyway's versioned migration name: V, the version (dots or underscores), two underscores. */
    private static final Pattern VERSIONED = Pattern.compile("V([0-9][0-9._]*)__.*\\.sql");

    private SchemaMigrations() {
    }

    /**
     * Migrates the schema unless it is current.
     *
     * @return whether Flyway ran
     */
    static boolean bringUpToDate(DataSource dataSource, String vendor, ClassLoader loader) {
        Optional<Set<MigrationVersion>> available = available(loader, location(vendor));
        if (available.isPresent() && !available.get().isEmpty()
                && applied(dataSource).map(done -> done.containsAll(available.get())).orElse(false)) {
            LOG.fine(() -> "Schema current at version " + new TreeSet<>(available.get()).last() + "; no migration to run");
            return false;
        }
        Flyway.configure(loader)
                .dataSource(dataSource)
                .locations("classpath:" + location(vendor))
                .table(HISTORY_TABLE)
                .load()
                .migrate();
        return true;
    }

    static String location(String vendor) {
        return "db/migration/" + vendor;
    }

    /**
     * The versions of the migration scripts in the class path folder, from every copy of it (a
     * folder or a jar); empty when a copy is somewhere this cannot list, so that Flyway decides.
     */
    static Optional<Set<MigrationVersion>> available(ClassLoader loader, String folder) {
        Set<MigrationVersion> versions = new HashSet<>();
        try {
            Enumeration<URL> copies = loader.getResources(folder);
            while (copies.hasMoreElements()) {
                if (!addVersions(copies.nextElement(), folder, versions)) {
                    return Optional.empty();
                }
            }
        } catch (IOException | UncheckedIOException | URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
        return Optional.of(versions);
    }

    private static boolean addVersions(URL copy, String folder, Set<MigrationVersion> versions)
            throws IOException, URISyntaxException {
        switch (copy.getProtocol()) {
            case "file" -> {
                try (DirectoryStream<Path> scripts = Files.newDirectoryStream(Path.of(copy.toURI()))) {
                    for (Path script : scripts) {
                        version(script.getFileName().toString()).ifPresent(versions::add);
                    }
                }
                return true;
            }
            case "jar" -> {
                JarURLConnection connection = (JarURLConnection) copy.openConnection();
                connection.setUseCaches(false);
                try (JarFile jar = connection.getJarFile()) {
                    String prefix = folder.endsWith("/") ? folder : folder + "/";
                    for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                        String name = entries.nextElement().getName();
                        if (name.startsWith(prefix) && name.indexOf('/', prefix.length()) < 0) {
                            version(name.substring(prefix.length())).ifPresent(versions::add);
                        }
                    }
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    static Optional<MigrationVersion> version(String fileName) {
        Matcher name = VERSIONED.matcher(fileName);
        return name.matches() ? Optional.of(MigrationVersion.fromVersion(name.group(1))) : Optional.empty();
    }

    /**
     * The versions the history table records as applied; empty when it cannot be read (no table
     * yet) or records a failed migration, which Flyway must report or repair.
     */
    static Optional<Set<MigrationVersion>> applied(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            try (Statement query = connection.createStatement();
                 ResultSet rows = query.executeQuery("SELECT \"version\", \"success\" FROM \"" + HISTORY_TABLE
                         + "\" WHERE \"version\" IS NOT NULL")) {
                Set<MigrationVersion> versions = new HashSet<>();
                while (rows.next()) {
                    if (!rows.getBoolean(2)) {
                        return Optional.empty();
                    }
                    versions.add(MigrationVersion.fromVersion(rows.getString(1)));
                }
                return Optional.of(versions);
            } finally {
                // a pool without auto-commit would hand the next caller an open transaction
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                }
            }
        } catch (SQLException e) {
            return Optional.empty();
        }
    }
}
