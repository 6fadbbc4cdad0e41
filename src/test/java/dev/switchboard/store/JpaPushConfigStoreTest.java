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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
            assertEquals(List.of("a"), ids(configs.claimDue("i1", now, now + 1000, 10)),
                    "b registered after event 2 is owed nothing yet");
            configs.release("i1", "t1", "a");
            configs.failed("t1", "a", 1, now + 60_000, null);
            assertTrue(configs.claimDue("i1", now, now + 1000, 10).isEmpty(), "not due before its next attempt");
            assertEquals(1, configs.claimDue("i1", now + 60_000, now + 61_000, 10).size());
            configs.release("i1", "t1", "a");
            configs.delivered("t1", "a", 2);
            assertTrue(configs.claimDue("i1", now + 60_000, now + 61_000, 10).isEmpty());
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

    @Test
    void aConfigWhoseSecretNoLongerOpensIsCutOffAndDoesNotStallTheOthers() {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        try (TaskDatabase database = backend.place(dir).open()) {
            TaskStore tasks = StoreTesting.tasks(database, clock);
            Task task = StoreTesting.task("t1", "c1", TaskState.WORKING, StoreTesting.T0);
            tasks.create(task, "owner", null, List.of(StoreTesting.statusEvent(task)));
            PushConfigStore sealedElsewhere = StoreTesting.pushConfigs(database, dir.resolve("old-key"), clock);
            sealedElsewhere.save(new TaskPushNotificationConfig(null, "sealed", "t1", "https://hooks.example.com/s",
                    "tok", null), ProtocolVersion.V1_0, 0);
            PushConfigStore configs = StoreTesting.pushConfigs(database, dir.resolve("new-key"), clock);
            configs.save(new TaskPushNotificationConfig(null, "plain", "t1", "https://hooks.example.com/p", null,
                    null), ProtocolVersion.V1_0, 0);

            long now = clock.millis() + 1000;
            assertEquals(List.of("plain"), ids(configs.claimDue("i1", now, now + 5000, 10)));
            StoredPushConfig cut = sealedElsewhere.find("t1", "sealed").orElseThrow();
            assertEquals(JpaPushConfigStore.UNOPENABLE, cut.cutOff());
            assertTrue(configs.claimDue("i2", now + 10_000, now + 20_000, 10).stream()
                    .noneMatch(config -> config.id().equals("sealed")), "a cut-off config is never due again");
        }
    }

    @Test
    void aLookSaysWhetherAnyConfigIsLiveAndSavesAreCounted() {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        try (TaskDatabase database = backend.place(dir).open()) {
            TaskStore tasks = StoreTesting.tasks(database, clock);
            PushConfigStore configs = StoreTesting.pushConfigs(database, dir, clock);
            assertFalse(configs.anyLive());
            assertEquals(0, configs.saves());
            Task task = StoreTesting.task("t1", "c1", TaskState.WORKING, StoreTesting.T0);
            tasks.create(task, "owner", null, List.of(StoreTesting.statusEvent(task)));
            configs.save(new TaskPushNotificationConfig(null, "a", "t1", "https://hooks.example.com/a", null, null),
                    ProtocolVersion.V1_0, 0);
            assertTrue(configs.anyLive());
            assertEquals(1, configs.saves());
            configs.failed("t1", "a", 9, clock.millis(), "gone for good");
            assertFalse(configs.anyLive(), "a cut-off config is not live");
        }
    }

    @Test
    void aClaimKeepsAConfigFromOtherClaimantsUntilReleasedOrRunOut() {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        try (TaskDatabase database = backend.place(dir).open()) {
            PushConfigStore configs = owingConfigs(database, clock, 1, "a", "b");
            long now = clock.millis() + 1000;
            List<StoredPushConfig> first = configs.claimDue("i1", now, now + 5000, 1);
            assertEquals(1, first.size());
            String mine = first.get(0).id();
            String other = mine.equals("a") ? "b" : "a";
            assertEquals(List.of(other), ids(configs.claimDue("i2", now, now + 1000, 10)), "the other one is left");
            assertTrue(configs.claimDue("i3", now, now + 1000, 10).isEmpty(), "both are claimed");

            assertTrue(configs.hold("i2", "t0", mine, now, now + 1000).isEmpty(), "i1 holds it");
            assertEquals(mine, configs.hold("i1", "t0", mine, now + 4000, now + 9000).orElseThrow().id(),
                    "the claimant renews its own claim");
            configs.release("i2", "t0", mine);
            assertEquals(List.of(other), ids(configs.claimDue("i3", now + 8000, now + 20_000, 10)),
                    "i2's claim ran out and i3 took its config over; i1's, released by another and renewed"
                            + " beyond its first end, holds");
            assertEquals(List.of(mine), ids(configs.claimDue("i3", now + 9000, now + 20_000, 10)),
                    "i1's renewed claim ran out too");
            assertTrue(configs.hold("i1", "t0", mine, now + 9001, now + 30_000).isEmpty(),
                    "a claimant whose claim was taken over does not get it back");

            configs.release("i3", "t0", other);
            assertEquals(List.of(other), ids(configs.claimDue("i1", now + 9001, now + 20_000, 10)),
                    "released, it is free at once");
            assertEquals(1, configs.releaseAll("i3"));
            assertEquals(List.of(mine), ids(configs.claimDue("i2", now + 9001, now + 20_000, 10)));
            assertTrue(configs.hold("i1", "t0", "missing", now, now + 1000).isEmpty());
        }
    }

    @Test
    void claimantsClaimingTogetherEachGetDifferentConfigs() throws Exception {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        String[] ids = IntStream.range(0, 12).mapToObj(i -> "p" + i).toArray(String[]::new);
        try (TaskDatabase database = backend.place(dir).open()) {
            PushConfigStore configs = owingConfigs(database, clock, 4, ids);
            long now = clock.millis() + 1000;
            int claimants = 4;
            ExecutorService threads = Executors.newFixedThreadPool(claimants);
            try {
                CyclicBarrier start = new CyclicBarrier(claimants);
                List<Future<List<String>>> claims = new ArrayList<>();
                for (int c = 0; c < claimants; c++) {
                    String claimant = "i" + c;
                    claims.add(threads.submit(() -> {
                        List<String> mine = new ArrayList<>();
                        start.await();
                        for (int round = 0; round < 40; round++) {
                            configs.claimDue(claimant, now, now + 60_000, 2)
                                    .forEach(config -> mine.add(config.taskId() + "/" + config.id()));
                        }
                        return mine;
                    }));
                }
                List<String> all = new ArrayList<>();
                for (Future<List<String>> claimed : claims) {
                    all.addAll(claimed.get(60, TimeUnit.SECONDS));
                }
                all.sort(null);
                assertEquals(48, all.size(), "every config claimed once: " + all);
                assertEquals(48, Set.copyOf(all).size(), "no config claimed twice: " + all);
            } finally {
                threads.shutdownNow();
            }
        }
    }

    @Test
    void aClaimantDoesNotWaitForRowsAnotherIsClaiming() throws Exception {
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        StoreBackend.StorePlace place = backend.place(dir);
        try (TaskDatabase database = place.open()) {
            PushConfigStore configs = owingConfigs(database, clock, 1, "a", "b");
            long now = clock.millis() + 1000;
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try (Connection other = place.connect()) {
                other.setAutoCommit(false);
                try (ResultSet locked = other.createStatement().executeQuery(
                        "select id from a2a_push_config where id = 'a' for update")) {
                    assertTrue(locked.next());
                }
                Future<List<StoredPushConfig>> claimed = thread.submit(
                        () -> configs.claimDue("i1", now, now + 1000, 10));
                assertEquals(List.of("b"), ids(claimed.get(10, TimeUnit.SECONDS)),
                        "the row locked elsewhere is skipped, not waited for");
                other.rollback();
            } finally {
                thread.shutdownNow();
            }
            assertEquals(List.of("a"), ids(configs.claimDue("i2", now, now + 1000, 10)));
        }
    }

    /** Configs with the ids on each of {@code tasks} tasks (t0, t1 ...), each owed two events. */
    private PushConfigStore owingConfigs(TaskDatabase database, StoreTesting.TickingClock clock, int tasks,
                                         String... ids) {
        TaskStore store = StoreTesting.tasks(database, clock);
        PushConfigStore configs = StoreTesting.pushConfigs(database, dir, clock);
        for (int t = 0; t < tasks; t++) {
            Task task = StoreTesting.task("t" + t, "c", TaskState.WORKING, StoreTesting.T0);
            store.create(task, "owner", null, List.of(task, StoreTesting.statusEvent(task)));
            for (String id : ids) {
                configs.save(new TaskPushNotificationConfig(null, id, "t" + t, "https://hooks.example.com/" + id,
                        null, null), ProtocolVersion.V1_0, 0);
            }
        }
        return configs;
    }

    private static List<String> ids(List<StoredPushConfig> configs) {
        return configs.stream().map(StoredPushConfig::id).toList();
    }
}
