package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.config.SettingsLoader;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskStatus;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tasks stored before rows could leave their JSON to the log are read and changed as before. */
class SnapshotMigrationTest {
    @TempDir
    Path dir;

    @Test
    void aTaskStoredWholeInItsRowBeforeTheMigrationReadsAndChangesAfterIt() throws SQLException {
        UninterruptibleFilePath.register();
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL(SettingsLoader.embeddedUrl(dir));
        Flyway.configure(getClass().getClassLoader()).dataSource(h2).locations("classpath:db/migration/h2")
                .table(SchemaMigrations.HISTORY_TABLE).target("8").load().migrate();
        // the row as the release before wrote it: the whole task, which holds what its log does
        // not tell (a follow-up message entered its history with no event)
        Task submitted = task("t1", "c1", TaskState.SUBMITTED, T0);
        Task working = TaskStateMachine.followUp(submitted, StoreTesting.user("m-2", "c1", "t1", "and more"))
                .orElseThrow().withStatus(new TaskStatus(TaskState.WORKING, null, T0.plusMillis(1)));
        try (Connection connection = h2.getConnection()) {
            insert(connection, "INSERT INTO a2a_task (id, context_id, state, status_ts_ms, created_ms, last_seq,"
                    + " version, task_json) VALUES ('t1', 'c1', 'WORKING', 1, 1, 2, 0, ?)", JsonColumns.task(working));
            insert(connection, "INSERT INTO a2a_task_event (task_id, seq, created_ms, event_json)"
                    + " VALUES ('t1', 1, 1, ?)", JsonColumns.event(submitted));
            insert(connection, "INSERT INTO a2a_task_event (task_id, seq, created_ms, event_json)"
                    + " VALUES ('t1', 2, 1, ?)", JsonColumns.event(statusEvent(working)));
        }

        TaskDatabase db = StoreTesting.open(dir);
        try {
            TaskStore store = StoreTesting.tasks(db, new StoreTesting.TickingClock(T0));
            assertEquals(working, store.find("t1").orElseThrow().task());
            Task done = working.withStatus(new TaskStatus(TaskState.COMPLETED, null, T0.plusMillis(2)));
            store.update("t1", current -> java.util.Optional.of(
                    new TaskChange.Result(done, List.of(statusEvent(done)), null)));
            assertEquals(done, store.find("t1").orElseThrow().task());
            assertEquals(List.of(done), store.list(new TaskQuery(null, null, null, null, null, 10)).tasks());
        } finally {
            db.close();
        }
    }

    private static void insert(Connection connection, String sql, String json) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            insert.setString(1, json);
            insert.executeUpdate();
        }
    }
}
