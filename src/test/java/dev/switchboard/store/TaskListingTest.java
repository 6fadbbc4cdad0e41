package dev.switchboard.store;

import static dev.switchboard.store.JpaTaskStoreTest.ids;
import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.task;
import static dev.switchboard.store.StoreTesting.tasks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Listing over a fixed data set: 3 contexts, several states, status timestamps with ties, two
 * owners.
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#both")
class TaskListingTest {
    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static TaskStore store;
    @Parameter
    StoreBackend backend;

    @BeforeParameterizedClassInvocation
    static void fill(StoreBackend backend) {
        db = backend.place(dir).open();
        store = tasks(db, new StoreTesting.TickingClock(T0));
        // ctx-a: 12 tasks; timestamps T0+0s..T0+5s, two tasks per second (ties broken by id)
        for (int i = 0; i < 12; i++) {
            TaskState state = i % 3 == 0 ? TaskState.COMPLETED : i % 3 == 1 ? TaskState.WORKING : TaskState.FAILED;
            create(String.format("a-%02d", i), "ctx-a", state, i / 2, "alice");
        }
        create("b-1", "ctx-b", TaskState.WORKING, 100, "alice");
        create("b-2", "ctx-b", TaskState.INPUT_REQUIRED, 50, "bob");
        create("c-1", "ctx-c", TaskState.WORKING, -100, "bob");
    }

    private static void create(String id, String context, TaskState state, int seconds, String owner) {
        Task task = task(id, context, state, T0.plusSeconds(seconds));
        store.create(task, owner, null, List.of(task));
    }

    @AfterParameterizedClassInvocation
    static void close() {
        // the next invocation must not find this one's database, should its own fail to open
        if (db != null) {
            db.close();
            db = null;
        }
    }

    private static TaskPage list(String owner, String context, TaskState state, Long after, PageCursor cursor,
                                 int limit) {
        return store.list(new TaskQuery(owner, context, state, after, cursor, limit));
    }

    private static final java.util.function.UnaryOperator<Task> WITHOUT_HISTORY = task -> new Task(task.id(),
            task.contextId(), task.status(), task.artifacts(), List.of(), task.metadata());

    private static long bytes(Task task) {
        return JsonColumns.task(task).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    @Test
    void aPageEndsBeforeTheTaskThatWouldPassItsByteBudgetAndItsTokenGoesOn() {
        Task one = store.find("a-00").orElseThrow().task();
        long budget = bytes(one) * 5 / 2;
        List<String> seen = new ArrayList<>();
        PageCursor cursor = null;
        int pages = 0;
        do {
            TaskPage page = store.list(new TaskQuery("alice", "ctx-a", null, null, cursor, 100,
                    java.util.function.UnaryOperator.identity(), budget));
            assertEquals(2, page.tasks().size(), "two tasks fit in two and a half");
            assertEquals(12, page.totalSize());
            seen.addAll(ids(page.tasks()));
            cursor = page.next();
            pages++;
        } while (cursor != null);
        assertEquals(6, pages);
        assertEquals(ids(list("alice", "ctx-a", null, null, null, 100).tasks()), seen, "every task once, in order");
    }

    @Test
    void aTaskOverTheBudgetStillMakesAPageOfOne() {
        TaskPage page = store.list(new TaskQuery(null, null, null, null, null, 100,
                java.util.function.UnaryOperator.identity(), 1));
        assertEquals(List.of("b-1"), ids(page.tasks()));
        assertNotNull(page.next());
        TaskPage second = store.list(new TaskQuery(null, null, null, null, page.next(), 100,
                java.util.function.UnaryOperator.identity(), 1));
        assertEquals(List.of("b-2"), ids(second.tasks()));
    }

    @Test
    void theBudgetCountsTasksAsTheViewShowsThem() {
        Task one = store.find("a-00").orElseThrow().task();
        long budget = bytes(WITHOUT_HISTORY.apply(one)) * 12 + 12;
        assertTrue(budget < bytes(one) * 12, "whole tasks would not fit");
        TaskPage page = store.list(new TaskQuery("alice", "ctx-a", null, null, null, 100, WITHOUT_HISTORY, budget));
        assertEquals(12, page.tasks().size());
        assertTrue(page.tasks().stream().allMatch(task -> task.history().isEmpty()), "the view is applied");
        assertNull(page.next());
    }

    @Test
    void anOwnersCountAndPagesAreReadFromTheOwnerIndex() {
        for (String sql : List.of("SELECT COUNT(*) FROM a2a_task WHERE owner = 'alice'",
                "SELECT id FROM a2a_task WHERE owner = 'alice' ORDER BY status_ts_ms DESC, id DESC LIMIT 3")) {
            String plan = db.entityManagerFactory().callInTransaction(em -> {
                if (backend != StoreBackend.H2) {
                    // a table this small is scanned when the planner may; the question is whether the index serves
                    em.createNativeQuery("SET LOCAL enable_seqscan = off").executeUpdate();
                }
                return em.createNativeQuery("EXPLAIN " + sql).getResultList().toString();
            });
            assertTrue(plan.toLowerCase(java.util.Locale.ROOT).contains("a2a_task_by_owner_status_ts"),
                    sql + " on " + backend + ": " + plan);
        }
    }

    @Test
    void ordersByStatusTimestampDescendingThenIdDescending() {
        TaskPage page = list(null, null, null, null, null, 100);
        assertEquals(List.of("b-1", "b-2", "a-11", "a-10", "a-09", "a-08", "a-07", "a-06", "a-05", "a-04", "a-03",
                "a-02", "a-01", "a-00", "c-1"), ids(page.tasks()));
        assertEquals(15, page.totalSize());
        assertNull(page.next());
    }

    @Test
    void filtersByContext() {
        TaskPage page = list(null, "ctx-b", null, null, null, 100);
        assertEquals(List.of("b-1", "b-2"), ids(page.tasks()));
        assertEquals(2, page.totalSize());
        assertEquals(List.of(), list(null, "ctx-none", null, null, null, 10).tasks());
        assertEquals(0, list(null, "ctx-none", null, null, null, 10).totalSize());
    }

    @Test
    void filtersByState() {
        TaskPage working = list(null, null, TaskState.WORKING, null, null, 100);
        assertEquals(List.of("b-1", "a-10", "a-07", "a-04", "a-01", "c-1"), ids(working.tasks()));
        assertEquals(6, working.totalSize());
        assertTrue(working.tasks().stream().allMatch(t -> t.status().state() == TaskState.WORKING));
        assertEquals(List.of("a-09", "a-06", "a-03", "a-00"),
                ids(list(null, "ctx-a", TaskState.COMPLETED, null, null, 100).tasks()));
        assertEquals(0, list(null, null, TaskState.CANCELED, null, null, 100).totalSize());
    }

    @Test
    void filtersByStatusTimestampAtOrAfter() {
        long fourSeconds = T0.plusSeconds(4).toEpochMilli();
        TaskPage page = list(null, "ctx-a", null, fourSeconds, null, 100);
        assertEquals(List.of("a-11", "a-10", "a-09", "a-08"), ids(page.tasks()));
        assertEquals(4, page.totalSize());
        assertEquals(List.of("a-11", "a-10"), ids(list(null, "ctx-a", null, fourSeconds + 1, null, 100).tasks()));
    }

    @Test
    void filtersByOwnerAndCombinesFilters() {
        assertEquals(List.of("b-2", "c-1"), ids(list("bob", null, null, null, null, 100).tasks()));
        TaskPage page = list("alice", null, TaskState.WORKING, T0.plusSeconds(2).toEpochMilli(), null, 100);
        assertEquals(List.of("b-1", "a-10", "a-07", "a-04"), ids(page.tasks()));
        assertEquals(4, page.totalSize());
    }

    @Test
    void keysetPagesCoverEveryTaskOnceWithTheExactTotal() {
        TaskPage all = list(null, null, null, null, null, 100);
        for (int pageSize : new int[] {1, 2, 4, 5, 7, 14, 15}) {
            List<String> seen = new ArrayList<>();
            PageCursor cursor = null;
            int pages = 0;
            do {
                String token = cursor == null ? null : cursor.token();
                PageCursor after = token == null ? null : PageCursor.parse(token).orElseThrow();
                TaskPage page = list(null, null, null, null, after, pageSize);
                pages++;
                assertEquals(15, page.totalSize(), "total on every page, size " + pageSize);
                assertTrue(page.tasks().size() <= pageSize);
                seen.addAll(ids(page.tasks()));
                cursor = page.next();
                if (cursor != null) {
                    assertEquals(pageSize, page.tasks().size(), "only the last page may be short");
                }
            } while (cursor != null);
            assertEquals(ids(all.tasks()), seen, "no repeats and no gaps with page size " + pageSize);
            assertEquals((15 + pageSize - 1) / pageSize, pages, "page count with size " + pageSize);
        }
    }

    @Test
    void theCursorPointsAtTheLastTaskOfThePage() {
        TaskPage first = list(null, "ctx-a", null, null, null, 3);
        assertEquals(List.of("a-11", "a-10", "a-09"), ids(first.tasks()));
        assertNotNull(first.next());
        assertEquals(new PageCursor(T0.plusSeconds(4).toEpochMilli(), "a-09"), first.next());
        TaskPage second = list(null, "ctx-a", null, null, first.next(), 3);
        assertEquals(List.of("a-08", "a-07", "a-06"), ids(second.tasks()));
        assertEquals(12, second.totalSize());
    }

    @Test
    void pagingWithFiltersAndAnExactlyFullLastPage() {
        TaskPage first = list(null, null, TaskState.WORKING, null, null, 3);
        assertEquals(List.of("b-1", "a-10", "a-07"), ids(first.tasks()));
        TaskPage second = list(null, null, TaskState.WORKING, null, first.next(), 3);
        assertEquals(List.of("a-04", "a-01", "c-1"), ids(second.tasks()));
        assertEquals(6, second.totalSize());
        assertNull(second.next(), "a last page that is exactly full has no cursor");
    }

    @Test
    void pagingIsStableWhenNewerTasksArriveBetweenPages(@TempDir Path own) {
        try (TaskDatabase other = backend.place(own).open()) {
            TaskStore fresh = tasks(other, new StoreTesting.TickingClock(T0));
            for (int i = 0; i < 10; i++) {
                Task task = task("p-" + i, "ctx-p", TaskState.WORKING, T0.plusSeconds(i));
                fresh.create(task, null, null, List.of(task));
            }
            TaskPage first = fresh.list(new TaskQuery(null, "ctx-p", null, null, null, 4));
            assertEquals(List.of("p-9", "p-8", "p-7", "p-6"), ids(first.tasks()));
            Task newer = task("p-new", "ctx-p", TaskState.WORKING, T0.plusSeconds(60));
            fresh.create(newer, null, null, List.of(newer));

            TaskPage second = fresh.list(new TaskQuery(null, "ctx-p", null, null, first.next(), 4));
            TaskPage third = fresh.list(new TaskQuery(null, "ctx-p", null, null, second.next(), 4));

            assertEquals(List.of("p-5", "p-4", "p-3", "p-2"), ids(second.tasks()));
            assertEquals(List.of("p-1", "p-0"), ids(third.tasks()));
            assertNull(third.next());
            assertEquals(11, third.totalSize(), "the total counts the new task");
        }
    }
}
