package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.TaskState;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#both")
class JpaPushConfigStoreTest {
    @Parameter
    StoreBackend backend;
    @TempDir
    Path dir;

    @Test
    void configsAreOwedTheEventsAfterTheirCursorAndKeepSecretsSealed() throws Exception {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        StoreBackend.StorePlace place = backend.place(dir);
        try (TaskDatabase database = place.open()) {
            TaskStore tasks = StoreTesting.tasks(database, clock);
            PushConfigStore configs = StoreTesting.pushConfigs(database, dir, clock);
            Task task = StoreTesting.task("t1", "c1", TaskState.WORKING, StoreTesting.T0);
            tasks.create(task, "owner", null, List.of(StoreTesting.statusEvent(task), StoreTesting.statusEvent(task)));

            configs.save(new TaskPushNotificationConfig(null, "a", "t1", "https://hooks.example.com/a", "tok-a",
                    new AuthenticationInfo("Bearer", "cred-a")), ProtocolVersion.V1_0, 0);
            configs.save(new TaskPushNotificationConfig(null, "b", "t1", "https://hooks.example.com/b", null, null),
                    ProtocolVersion.V0_3, 2);
            StoredPushConfig a = configs.find("t1", "a").orElseThrow();
            assertEquals("tok-a", a.config().token());
            assertEquals("cred-a", a.config().authentication().credentials());
            assertEquals(ProtocolVersion.V1_0, a.version());
            assertEquals(ProtocolVersion.V0_3, configs.find("t1", "b").orElseThrow().version());
            assertEquals(List.of("a", "b"), configs.list("t1", 0, 10).stream().map(StoredPushConfig::id).toList());
            assertEquals(List.of("b"), configs.list("t1", 1, 10).stream().map(StoredPushConfig::id).toList());

            long now = clock.millis();
            assertEquals(List.of("a"), configs.due(now, 10).stream().map(StoredPushConfig::id).toList(),
                    "b registered after event 2 is owed nothing yet");
            configs.failed("t1", "a", 1, now + 60_000, null);
            assertTrue(configs.due(now, 10).isEmpty(), "not due before its next attempt");
            assertEquals(1, configs.due(now + 60_000, 10).size());
            configs.delivered("t1", "a", 2);
            assertTrue(configs.due(now + 60_000, 10).isEmpty());
            assertEquals(0, configs.find("t1", "a").orElseThrow().failures());

            configs.failed("t1", "b", 10, Long.MAX_VALUE, "answered 500");
            assertEquals("answered 500", configs.find("t1", "b").orElseThrow().cutOff());
            assertTrue(configs.delete("t1", "b"));
            assertFalse(configs.delete("t1", "b"));
        }
        try (Connection db = place.connect();
             ResultSet rows = db.createStatement().executeQuery(
                     "select token_sealed, credentials_sealed from a2a_push_config")) {
            assertTrue(rows.next());
            assertFalse(rows.getString(1).contains("tok-a"));
            assertFalse(rows.getString(2).contains("cred-a"));
        }
    }

    @Test
    void countsArePerTaskAndPerOwnerOfUnfinishedTasks() throws Exception {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        try (TaskDatabase database = backend.place(dir).open()) {
            TaskStore tasks = StoreTesting.tasks(database, clock);
            PushConfigStore configs = StoreTesting.pushConfigs(database, dir, clock);
            for (String[] row : new String[][] {{"w1", "alice", "WORKING"}, {"w2", "alice", "INPUT_REQUIRED"},
                    {"done", "alice", "COMPLETED"}, {"bob1", "bob", "WORKING"}}) {
                Task task = StoreTesting.task(row[0], "c", TaskState.valueOf(row[2]), StoreTesting.T0);
                tasks.create(task, row[1], null, List.of(StoreTesting.statusEvent(task)));
                for (String id : List.of("a", "b")) {
                    configs.save(new TaskPushNotificationConfig(null, id, row[0], "https://hooks.example.com/" + id,
                            null, null), ProtocolVersion.V1_0, 0);
                }
            }
            assertEquals(2, configs.countForTask("w1"));
            assertEquals(0, configs.countForTask("nothing"));
            assertEquals(4, configs.countOpenForOwner("alice"), "a finished task's configs are not counted");
            configs.failed("w2", "a", 10, Long.MAX_VALUE, "answered 500");
            assertEquals(3, configs.countOpenForOwner("alice"), "nor are cut-off ones");
            assertEquals(2, configs.countOpenForOwner("bob"));
            assertEquals(0, configs.countOpenForOwner("carol"));
        }
    }
}
