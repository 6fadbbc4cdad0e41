package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.task;
import static dev.switchboard.store.StoreTesting.tasks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStateMachine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two server instances on one PostgreSQL, each with its own pool and JPA unit, writing the same
 * tasks: the database alone keeps them consistent. The first terminal state wins, no event is
 * lost and every task's log is numbered without gaps, whichever instance wrote what.
 */
class ScaleOutRaceTest {
    private static final int ROUNDS = 100;

    @TempDir
    static Path dir;
    private static TaskDatabase first;
    private static TaskDatabase second;
    private static TaskStore one;
    private static TaskStore other;
    private static ExecutorService threads;

    @BeforeAll
    static void setUp() {
        StoreBackend.StorePlace place = StoreBackend.POSTGRESQL.place(dir);
        first = place.open();
        second = place.open();
        one = tasks(first, new StoreTesting.TickingClock(T0));
        other = tasks(second, new StoreTesting.TickingClock(T0));
        threads = Executors.newFixedThreadPool(4);
    }

    @AfterAll
    static void tearDown() throws InterruptedException {
        if (threads != null) {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(5, TimeUnit.SECONDS));
        }
        for (TaskDatabase database : new TaskDatabase[] {first, second}) {
            if (database != null) {
                database.close();
            }
        }
    }

    @Test
    void instancesRacingToDifferentTerminalStatesLetExactlyOneWin() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            TaskStore creator = round % 2 == 0 ? one : other;
            TerminalRace.run(threads, "race-" + round, creator, one, other, List.of(one, other));
        }
    }

    @Test
    void appendsFromBothInstancesAreAllKeptAndNumberedWithoutGaps() throws Exception {
        Task task = task("appends", "ctx", TaskState.WORKING, T0);
        one.create(task, null, "r", List.of(task));
        int writers = 4;
        int perWriter = 100;
        CyclicBarrier start = new CyclicBarrier(writers);
        List<Future<List<Long>>> results = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            TaskStore store = w % 2 == 0 ? one : other;
            String artifactId = "w" + w;
            results.add(threads.submit(() -> {
                start.await();
                List<Long> seqs = new ArrayList<>();
                for (int i = 0; i < perWriter; i++) {
                    Artifact chunk = Artifact.of(artifactId, null, List.of(Part.text(Integer.toString(i))));
                    seqs.add(store.update("appends", current -> TaskStateMachine.artifact(current, chunk, true)
                            .map(next -> new TaskChange.Result(next, List.of(
                                    new TaskArtifactUpdateEvent("appends", "ctx", chunk, true, false, null)), "r")))
                            .orElseThrow().lastSeq());
                }
                return seqs;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> result : results) {
            List<Long> seqs = result.get(120, TimeUnit.SECONDS);
            assertEquals(seqs.stream().sorted().toList(), seqs, "one writer's numbers increase");
            all.addAll(seqs);
        }
        all.sort(null);
        long total = (long) writers * perWriter;
        assertEquals(LongStream.rangeClosed(2, total + 1).boxed().toList(), all);
        for (TaskStore store : List.of(one, other)) {
            StoredTask stored = store.find("appends").orElseThrow();
            assertEquals(total + 1, stored.lastSeq());
            List<StoredEvent> log = store.eventsAfter("appends", 0);
            assertEquals(LongStream.rangeClosed(1, total + 1).boxed().toList(),
                    log.stream().map(StoredEvent::seq).toList(), "the log has every number once, in order");
            assertEquals(writers, stored.task().artifacts().size());
            for (Artifact artifact : stored.task().artifacts()) {
                assertEquals(IntStream.range(0, perWriter).mapToObj(Integer::toString).toList(),
                        artifact.parts().stream().map(Part::text).toList(),
                        "every chunk of " + artifact.artifactId() + " is kept, in order");
            }
        }
    }

    @Test
    void instancesStartingTogetherOnAnEmptyDatabaseMigrateItOnce() throws Exception {
        StoreBackend.StorePlace empty = StoreBackend.POSTGRESQL.place(dir);
        CyclicBarrier start = new CyclicBarrier(3);
        List<Future<TaskDatabase>> opening = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            opening.add(threads.submit(() -> {
                start.await();
                return empty.open();
            }));
        }
        List<TaskDatabase> opened = new ArrayList<>();
        try {
            for (Future<TaskDatabase> database : opening) {
                opened.add(database.get(120, TimeUnit.SECONDS));
            }
            Task task = task("shared", "ctx", TaskState.WORKING, T0);
            tasks(opened.get(0), new StoreTesting.TickingClock(T0)).create(task, null, null, List.of(task));
            assertEquals(task, tasks(opened.get(2), new StoreTesting.TickingClock(T0)).find("shared")
                    .orElseThrow().task());
        } finally {
            opened.forEach(TaskDatabase::close);
        }
        try (Connection connection = empty.connect();
             ResultSet rows = connection.createStatement().executeQuery("select version, count(*)"
                     + " from switchboard_schema_history where success group by version order by version")) {
            int migrations = 0;
            while (rows.next()) {
                migrations++;
                assertEquals(1, rows.getInt(2), "migration " + rows.getString(1) + " ran once");
            }
            assertTrue(migrations >= 2, "the migrations are recorded");
        }
    }

    @Test
    void twoInstancesCreatingOneIdStoreItOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            String id = "twin-" + round;
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<String>> attempts = new ArrayList<>();
            for (TaskStore store : List.of(one, other)) {
                String context = store == one ? "from-one" : "from-other";
                Callable<String> create = () -> {
                    Task task = task(id, context, TaskState.SUBMITTED, T0);
                    start.await();
                    try {
                        store.create(task, null, null, List.of(task));
                        return context;
                    } catch (IllegalStateException refused) {
                        return null;
                    }
                };
                attempts.add(threads.submit(create));
            }
            List<String> stored = new ArrayList<>();
            for (Future<String> attempt : attempts) {
                String context = attempt.get(10, TimeUnit.SECONDS);
                if (context != null) {
                    stored.add(context);
                }
            }
            assertEquals(1, stored.size(), "exactly one create succeeds in round " + round);
            assertEquals(stored.get(0), other.find(id).orElseThrow().task().contextId());
            assertEquals(1, one.eventsAfter(id, 0).size(), "the refused create left no event behind");
        }
    }
}
