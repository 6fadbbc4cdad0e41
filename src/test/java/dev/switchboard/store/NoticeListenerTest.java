package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two instances on one PostgreSQL: what one stores is announced to the other's listener once it
 * commits, and only then; the listener survives its connection being killed. On H2 nothing listens.
 */
class NoticeListenerTest {
    private static final long WAIT_SECONDS = 10;

    @TempDir
    Path dir;

    /** What a receiver was told, in order. */
    private static final class Recorder implements TaskNotices {
        final LinkedBlockingQueue<String> notices = new LinkedBlockingQueue<>();
        final AtomicInteger catchUps = new AtomicInteger();

        @Override
        public void stored(String taskId, long lastSeq) {
            notices.add(taskId + "@" + lastSeq);
        }

        @Override
        public Map<String, Long> served() {
            catchUps.incrementAndGet();
            return Map.of();
        }

        String next() throws InterruptedException {
            String notice = notices.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(notice, "no notice came");
            return notice;
        }

        void awaitCatchUps(int count) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (catchUps.get() < count) {
                if (System.nanoTime() > deadline) {
                    fail("only " + catchUps.get() + " catch-up(s), expected " + count);
                }
                Thread.sleep(5);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"POSTGRESQL", "POSTGRESQL_DATASOURCE"})
    void whatOneInstanceStoresIsAnnouncedToTheOtherWithTheTaskAndItsLastNumber(StoreBackend backend)
            throws Exception {
        StoreBackend.StorePlace place = backend.place(dir);
        try (TaskDatabase writing = place.open(); TaskDatabase hearing = place.open()) {
            Recorder recorder = new Recorder();
            hearing.sharingEvents(() -> recorder);
            recorder.awaitCatchUps(1); // it catches up once it listens
            TaskStore store = StoreTesting.tasks(writing, new StoreTesting.TickingClock(T0));

            Task task = task("with space", "ctx", TaskState.SUBMITTED, T0);
            store.create(task, null, null, List.of(task));
            assertEquals("with space@1", recorder.next());
            Task working = task.withStatus(new TaskStatus(TaskState.WORKING, null, T0));
            Task done = task.withStatus(new TaskStatus(TaskState.COMPLETED, null, T0));
            store.update("with space", current -> Optional.of(new TaskChange.Result(done,
                    List.of(statusEvent(working), statusEvent(done)), null)));
            assertEquals("with space@3", recorder.next());
        }
    }

    @Test
    void aWriteThatIsRolledBackOrDeclinedOrAppendsNothingIsNotAnnounced() throws Exception {
        StoreBackend.StorePlace place = StoreBackend.POSTGRESQL.place(dir);
        try (TaskDatabase writing = place.open(); TaskDatabase hearing = place.open()) {
            Recorder recorder = new Recorder();
            hearing.sharingEvents(() -> recorder);
            recorder.awaitCatchUps(1);
            TaskStore store = StoreTesting.tasks(writing, new StoreTesting.TickingClock(T0));
            Task task = task("once", "ctx", TaskState.WORKING, T0);
            store.create(task, null, null, List.of(task));
            assertEquals("once@1", recorder.next());

            assertThrows(IllegalStateException.class, () -> store.create(task, null, null, List.of(task)));
            assertTrue(store.update("once", current -> Optional.empty()).isEmpty());
            assertTrue(store.update("once", current -> Optional.of(new TaskChange.Result(current, List.of(), "r")))
                    .isPresent());
            Task later = task("later", "ctx", TaskState.WORKING, T0);
            store.create(later, null, null, List.of(later));
            // notices come in commit order: had any of the three been announced, it would come first
            assertEquals("later@1", recorder.next());
        }
    }

    @Test
    void aKilledListeningConnectionIsReplacedAndCaughtUpWithoutHelp() throws Exception {
        StoreBackend.StorePlace place = StoreBackend.POSTGRESQL.place(dir);
        try (TaskDatabase writing = place.open(); TaskDatabase hearing = place.open();
             Connection admin = place.connect()) {
            Recorder recorder = new Recorder();
            hearing.sharingEvents(() -> recorder);
            recorder.awaitCatchUps(1);
            List<Integer> before = listeners(admin);
            assertEquals(1, before.size(), "one listening session");

            int catchUpsBefore = recorder.catchUps.get();
            try (Statement kill = admin.createStatement()) {
                kill.execute("select pg_terminate_backend(pid) from pg_stat_activity where application_name = '"
                        + NoticeListener.APPLICATION_NAME + "' and datname = current_database()");
            }
            TaskStore store = StoreTesting.tasks(writing, new StoreTesting.TickingClock(T0));
            Task task = task("after", "ctx", TaskState.WORKING, T0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            List<Integer> now = listeners(admin);
            while (now.size() != 1 || now.equals(before)) {
                assertTrue(System.nanoTime() < deadline, "no new listening session");
                Thread.sleep(10);
                now = listeners(admin);
            }
            assertNotEquals(before, now, "another session listens");
            recorder.awaitCatchUps(catchUpsBefore + 1);
            store.create(task, null, null, List.of(task));
            assertEquals("after@1", recorder.next(), "the new session hears what is stored");
        }
    }

    @Test
    void onH2NothingListensAndTheReceiverIsNeverMade() throws Exception {
        try (TaskDatabase h2 = StoreTesting.open(dir)) {
            List<String> before = noticeThreads();
            assertEquals(h2, h2.sharingEvents(() -> {
                throw new AssertionError("a receiver was made on H2");
            }));
            // and its writes announce nothing: pg_notify does not exist there, so a write would fail
            TaskStore store = StoreTesting.tasks(h2, new StoreTesting.TickingClock(T0));
            Task task = task("h2", "ctx", TaskState.WORKING, T0);
            store.create(task, null, null, List.of(task));
            assertEquals(1, store.find("h2").orElseThrow().lastSeq());
            assertEquals(before, noticeThreads(), "no listening thread started");
        }
    }

    @Test
    void aSlowReadOfOneTaskHoldsUpNeitherOtherTasksNorTheCatchUpOfWhatItServes() throws Exception {
        StoreBackend.StorePlace place = StoreBackend.POSTGRESQL.place(dir);
        CountDownLatch slowStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        LinkedBlockingQueue<String> heard = new LinkedBlockingQueue<>();
        AtomicInteger asked = new AtomicInteger();
        try (TaskDatabase writing = place.open(); TaskDatabase hearing = place.open()) {
            hearing.sharingEvents(() -> new TaskNotices() {
                @Override
                public void stored(String taskId, long lastSeq) {
                    heard.add(taskId + "@" + lastSeq);
                    if (taskId.equals("slow") && slowStarted.getCount() > 0) {
                        slowStarted.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }

                @Override
                public Map<String, Long> served() {
                    // what the periodic check finds is read as a notice is, by a reader
                    return asked.incrementAndGet() > 1 ? Map.of("served", 41L) : Map.of();
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (asked.get() == 0) { // it listens
                assertTrue(System.nanoTime() < deadline, "never asked what it serves");
                Thread.sleep(5);
            }
            TaskStore store = StoreTesting.tasks(writing, new StoreTesting.TickingClock(T0));
            Task slow = task("slow", "ctx", TaskState.WORKING, T0);
            store.create(slow, null, null, List.of(slow));
            assertTrue(slowStarted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the slow task's notice was read");
            try {
                Task quick = task("quick", "ctx", TaskState.WORKING, T0);
                store.create(quick, null, null, List.of(quick));
                assertEquals("slow@1", heard.poll(WAIT_SECONDS, TimeUnit.SECONDS));
                // another task's notice, and a served task of the periodic check, while the first is still being read
                Set<String> meanwhile = new HashSet<>();
                for (int i = 0; i < 2; i++) {
                    meanwhile.add(heard.poll(WAIT_SECONDS, TimeUnit.SECONDS));
                }
                assertEquals(Set.of("quick@1", "served@41"), meanwhile);
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void reconnectingWaitsLongerAfterEachFailureUpToABound() {
        List<Long> pauses = new ArrayList<>();
        for (int failures = 1; failures <= 12; failures++) {
            pauses.add(NoticeListener.retryPause(failures));
        }
        assertEquals(List.of(100L, 200L, 400L, 800L, 1600L, 3200L, 5000L, 5000L, 5000L, 5000L, 5000L, 5000L),
                pauses);
        assertEquals(NoticeListener.LAST_RETRY.toMillis(), NoticeListener.retryPause(Integer.MAX_VALUE));
        assertFalse(NoticeListener.CATCH_UP.toMillis() > 2000, "a lost notice delays an event by 2 s at most");
    }

    private static List<Integer> listeners(Connection admin) throws SQLException {
        List<Integer> pids = new ArrayList<>();
        try (Statement statement = admin.createStatement();
             ResultSet rows = statement.executeQuery("select pid from pg_stat_activity where application_name = '"
                     + NoticeListener.APPLICATION_NAME + "' and datname = current_database() order by pid")) {
            while (rows.next()) {
                pids.add(rows.getInt(1));
            }
        }
        return pids;
    }

    private static List<String> noticeThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.equals("switchboard-notices")).toList();
    }
}
