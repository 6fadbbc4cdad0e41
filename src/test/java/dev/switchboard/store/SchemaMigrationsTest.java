package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.SettingsLoader;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaMigrationsTest {
    private static final ClassLoader LOADER = SchemaMigrationsTest.class.getClassLoader();

    @TempDir
    Path dir;
    private JdbcDataSource h2;

    @BeforeEach
    void fileDatabase() {
        UninterruptibleFilePath.register();
        h2 = new JdbcDataSource();
        h2.setURL(SettingsLoader.embeddedUrl(dir));
    }

    @Test
    void aNewDatabaseIsMigrated() throws SQLException {
        assertTrue(SchemaMigrations.bringUpToDate(h2, "h2", LOADER), "Flyway runs");
        assertEquals(Optional.of(onClassPath()), SchemaMigrations.applied(h2));
        assertTablesExist();
    }

    @Test
    void aCurrentDatabaseIsLeftAlone() throws SQLException {
        SchemaMigrations.bringUpToDate(h2, "h2", LOADER);
        assertFalse(SchemaMigrations.bringUpToDate(h2, "h2", LOADER), "no Flyway on a current schema");
        assertTablesExist();
    }

    @Test
    void aDatabaseBehindTheClassPathIsMigrated() throws SQLException {
        MigrationVersion highest = new TreeSet<>(onClassPath()).last();
        Flyway.configure(LOADER).dataSource(h2).locations("classpath:db/migration/h2")
                .table(SchemaMigrations.HISTORY_TABLE).target(below(highest)).load().migrate();
        assertFalse(SchemaMigrations.applied(h2).orElseThrow().contains(highest), "the last migration is missing");

        assertTrue(SchemaMigrations.bringUpToDate(h2, "h2", LOADER), "Flyway runs");
        assertTrue(SchemaMigrations.applied(h2).orElseThrow().contains(highest));
        assertTablesExist();
    }

    @Test
    void aFailedMigrationInTheHistoryLeavesTheDecisionToFlyway() throws SQLException {
        SchemaMigrations.bringUpToDate(h2, "h2", LOADER);
        try (Connection connection = h2.getConnection(); Statement update = connection.createStatement()) {
            update.executeUpdate("UPDATE \"switchboard_schema_history\" SET \"success\" = FALSE WHERE \"version\" = '1'");
        }
        assertEquals(Optional.empty(), SchemaMigrations.applied(h2));
    }

    @Test
    void noHistoryTableMeansNothingApplied() {
        assertEquals(Optional.empty(), SchemaMigrations.applied(h2));
    }

    @Test
    void theMigrationsAreListedFromAFolder() {
        Set<MigrationVersion> versions = onClassPath();
        assertTrue(versions.contains(MigrationVersion.fromVersion("1")), versions.toString());
        assertTrue(versions.contains(MigrationVersion.fromVersion("2")), versions.toString());
    }

    @Test
    void theMigrationsAreListedFromAJar() throws IOException {
        Path jar = dir.resolve("migrations.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : new String[] {"db/migration/h2/", "db/migration/h2/V1__first.sql",
                    "db/migration/h2/V1_5__between.sql", "db/migration/h2/V12__later.sql",
                    "db/migration/h2/README.txt", "db/migration/h2/nested/V99__not_here.sql"}) {
                out.putNextEntry(new JarEntry(name));
                if (!name.endsWith("/")) {
                    out.write("SELECT 1;".getBytes(StandardCharsets.UTF_8));
                }
                out.closeEntry();
            }
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertEquals(Optional.of(Set.of(MigrationVersion.fromVersion("1"), MigrationVersion.fromVersion("1.5"),
                    MigrationVersion.fromVersion("12"))), SchemaMigrations.available(loader, "db/migration/h2"));
        }
    }

    @Test
    void onlyVersionedScriptsCount() {
        assertEquals(Optional.of(MigrationVersion.fromVersion("3.1")), SchemaMigrations.version("V3_1__more.sql"));
        assertEquals(Optional.empty(), SchemaMigrations.version("R__view.sql"));
        assertEquals(Optional.empty(), SchemaMigrations.version("V3__notes.txt"));
    }

    private static Set<MigrationVersion> onClassPath() {
        return SchemaMigrations.available(LOADER, "db/migration/h2").orElseThrow();
    }

    /** The version just before, among those on the class path. */
    private static MigrationVersion below(MigrationVersion highest) {
        return new TreeSet<>(onClassPath()).lower(highest);
    }

    private void assertTablesExist() throws SQLException {
        try (Connection connection = h2.getConnection(); Statement query = connection.createStatement()) {
            query.executeQuery("SELECT COUNT(*) FROM a2a_task").close();
            query.executeQuery("SELECT COUNT(*) FROM a2a_push_config").close();
        }
    }
}
