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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Concurrent writers on one task: the first terminal state wins, and the log stays gap-free. */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#both")
class StoreRaceTest {
    private static final int ROUNDS = 100;

    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static TaskStore store;
    private static ExecutorService threads;
    @Parameter
    StoreBackend backend;

    @BeforeParameterizedClassInvocation
    static void setUp(StoreBackend backend) {
        db = backend.place(dir).open();
        store = tasks(db, new StoreTesting.TickingClock(T0));
        threads = Executors.newFixedThreadPool(4);
    }

    @AfterParameterizedClassInvocation
    static void tearDown() throws InterruptedException {
        // the next invocation must not find this one's database, should its own fail to open
        if (threads != null) {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(5, TimeUnit.SECONDS));
            threads = null;
        }
        if (db != null) {
            db.close();
            db = null;
        }
    }

    @Test
    void twoWritersRaceToDifferentTerminalStatesAndExactlyOneWins() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            TerminalRace.run(threads, "race-" + round, store, store, store, List.of(store));
        }
    }

    @Test
    void concurrentAppendsGetDistinctConsecutiveNumbers() throws Exception {
        Task task = task("appends", "ctx", TaskState.WORKING, T0);
        store.create(task, null, "r", List.of(task));
        int writers = 4;
        int perWriter = 100;
        CyclicBarrier start = new CyclicBarrier(writers);
        List<Future<List<Long>>> results = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            String artifactId = "w" + w;
            results.add(threads.submit(() -> {
                start.await();
                List<Long> seqs = new ArrayList<>();
                for (int i = 0; i < perWriter; i++) {
                    Artifact chunk = Artifact.of(artifactId, null, List.of(Part.text(Integer.toString(i))));
                    Appended appended = store.update("appends", current ->
                            TaskStateMachine.artifact(current, chunk, true).map(next -> new TaskChange.Result(next,
                                    List.of(new TaskArtifactUpdateEvent("appends", "ctx", chunk, true, false, null)),
                                    "r"))).orElseThrow();
                    seqs.add(appended.lastSeq());
                }
                return seqs;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> result : results) {
            List<Long> seqs = result.get(60, TimeUnit.SECONDS);
            assertEquals(seqs.stream().sorted().toList(), seqs, "one writer's numbers increase");
            all.addAll(seqs);
        }
        all.sort(null);
        long total = (long) writers * perWriter;
        assertEquals(LongStream.rangeClosed(2, total + 1).boxed().toList(), all);
        StoredTask stored = store.find("appends").orElseThrow();
        assertEquals(total + 1, stored.lastSeq());
        assertEquals(total + 1, store.eventsAfter("appends", 0).size());
        for (Artifact artifact : stored.task().artifacts()) {
            List<String> texts = artifact.parts().stream().map(Part::text).toList();
            assertEquals(java.util.stream.IntStream.range(0, perWriter).mapToObj(Integer::toString).toList(), texts,
                    "every chunk of " + artifact.artifactId() + " is kept, in order");
        }
        assertEquals(writers, stored.task().artifacts().size());
    }
}
