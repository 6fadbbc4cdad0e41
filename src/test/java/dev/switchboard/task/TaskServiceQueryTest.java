package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.text;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.store.PageCursor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GetTask, ListTasks and CancelTask through TaskService; historyLength everywhere it applies. */
class TaskServiceQueryTest {
    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static ServiceHarness harness;
    private static TaskService service;
    private static final AtomicInteger agentCalls = new AtomicInteger();
    private static final CountDownLatch release = new CountDownLatch(1);

    /** Three-message history: user, agent question, user answer; then completed with an artifact. */
    private static Task conversation;

    @BeforeAll
    static void start() throws Exception {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, (request, updater) -> {
            agentCalls.incrementAndGet();
            String said = text(request.message());
            if (said.startsWith("block")) {
                updater.working();
                release.await();
            } else if (request.isFollowUp()) {
                updater.artifact(Artifact.of("result", "result", List.of(Part.text("R"))));
                updater.complete("done: " + said);
            } else {
                updater.requireInput("which?");
            }
        });
        service = harness.service;
        Task first = awaitTask(service.send(request(user("start", "ctx-q", null)), by("alice")));
        conversation = awaitTask(service.send(request(user("that one", null, first.id())), by("alice")));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        release.countDown();
        harness.close();
        db.close();
    }

    private static List<String> texts(Task task) {
        return task.history().stream().map(ServiceHarness::text).toList();
    }

    private static Task get(Integer historyLength) {
        return service.get(new GetTaskRequest(null, conversation.id(), historyLength), by("alice"));
    }

    private static ListTasksResponse list(String contextId, TaskState state, Integer pageSize, String token,
                                          Integer historyLength, boolean includeArtifacts, String owner) {
        return service.list(new ListTasksRequest(null, contextId, state, null, pageSize, token, historyLength,
                includeArtifacts), by(owner));
    }

    @Test
    void getAppliesHistoryLength() {
        assertEquals(List.of("start", "which?", "that one"), texts(get(null)));
        assertEquals(List.of(), get(0).history());
        assertEquals(List.of("that one"), texts(get(1)));
        assertEquals(List.of("which?", "that one"), texts(get(2)));
        assertEquals(List.of("start", "which?", "that one"), texts(get(3)));
        assertEquals(List.of("start", "which?", "that one"), texts(get(50)));
        assertEquals(TaskState.COMPLETED, get(0).status().state(), "the rest of the task is unchanged");
        assertEquals(1, get(0).artifacts().size());
        assertA2AError(A2AError.INVALID_PARAMS, () -> get(-1));
    }

    @Test
    void sendAppliesHistoryLengthToItsAnswer() throws Exception {
        Task first = awaitTask(service.send(request(user("again", "ctx-h", null), 0, false), by("alice")));
        assertEquals(List.of(), first.history());
        Task second = awaitTask(service.send(request(user("answer", null, first.id()), 1, false), by("alice")));
        assertEquals(List.of("answer"), texts(second));
        Task stored = service.get(new GetTaskRequest(null, first.id(), null), by("alice"));
        assertEquals(List.of("again", "which?", "answer"), texts(stored), "the stored history is whole");
    }

    @Test
    void sendRejectsANegativeHistoryLengthBeforeAnythingHappens() {
        // TaskService.send applies TaskViews.withHistory to the result, so a negative historyLength is
        // noticed only once the task was stored and the agent's turn ended (blocking), or after the
        // agent was started (returnImmediately). The request should be refused before intake.accept.
        // Today only RequestCodec, which rejects a negative value first, keeps clients from this.
        int before = agentCalls.get();
        long tasksBefore = list("ctx-negative", null, 100, null, null, false, null).totalSize();
        assertA2AError(A2AError.INVALID_PARAMS,
                () -> ServiceHarness.await(service.send(request(user("x", "ctx-negative", null), -1, false),
                        by("alice"))));
        assertEquals(before, agentCalls.get(), "the agent never ran (blocking)");
        assertA2AError(A2AError.INVALID_PARAMS,
                () -> ServiceHarness.await(service.send(request(user("x", "ctx-negative", null), -1, true),
                        by("alice"))));
        assertEquals(before, agentCalls.get(), "the agent never ran");
        assertEquals(tasksBefore, list("ctx-negative", null, 100, null, null, false, null).totalSize());
    }

    @Test
    void listOmitsArtifactsAndHistoryUnlessAsked() {
        ListTasksResponse plain = list("ctx-q", null, null, null, null, false, "alice");
        assertEquals(1, plain.tasks().size());
        assertEquals(conversation.id(), plain.tasks().get(0).id());
        assertEquals(List.of(), plain.tasks().get(0).artifacts());
        assertEquals(List.of(), plain.tasks().get(0).history(), "a list leaves histories out unless asked");
        assertEquals("", plain.nextPageToken());
        assertEquals(1, plain.pageSize());
        assertEquals(1, plain.totalSize());

        ListTasksResponse full = list("ctx-q", null, null, null, 1, true, "alice");
        assertEquals(List.of("result"), full.tasks().get(0).artifacts().stream().map(Artifact::artifactId).toList());
        assertEquals(List.of("that one"), texts(full.tasks().get(0)));
        assertEquals(List.of(), list("ctx-q", null, null, null, 0, true, "alice").tasks().get(0).history());
        assertEquals(3, list("ctx-q", null, null, null, 10, false, "alice").tasks().get(0).history().size());
    }

    @Test
    void listShowsOnlyTheCallersTasks() {
        assertEquals(0, list("ctx-q", null, null, null, null, false, "bob").totalSize());
        assertEquals(List.of(), list("ctx-q", null, null, null, null, false, "bob").tasks());
        assertEquals(1, list("ctx-q", null, null, null, null, false, null).totalSize(), "no owner: all tasks");
    }

    @Test
    void listPagesWithOpaqueTokens() throws Exception {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(awaitTask(service.send(request(user("page " + i, "ctx-pages", null)), by("carol"))).id());
        }
        List<String> seen = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            ListTasksResponse page = list("ctx-pages", TaskState.INPUT_REQUIRED, 2, token, null, false, "carol");
            pages++;
            assertEquals(5, page.totalSize());
            assertEquals(page.tasks().size(), page.pageSize());
            page.tasks().forEach(task -> seen.add(task.id()));
            token = page.nextPageToken();
            for (String id : created) {
                assertFalse(token.contains(id), "the token does not show task ids");
            }
        } while (!token.isEmpty());
        assertEquals(3, pages);
        assertEquals(5, seen.size());
        assertEquals(created.stream().sorted().toList(), seen.stream().sorted().toList(), "every task exactly once");
    }

    @Test
    void aPageOverItsByteBudgetEndsEarlyWithATokenForTheRest() throws Exception {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            created.add(awaitTask(service.send(request(user("budget " + i, "ctx-budget", null)), by("dave"))).id());
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            InputLimits d = InputLimits.DEFAULT;
            TaskService tight = new TaskService(harness.store, new TaskEvents(), (request, updater) -> { }, pool, pool,
                    java.time.Clock.systemUTC(), "test", new InputLimits(d.maxParts(), d.maxTextChars(),
                            d.maxMetadataBytes(), d.maxHistory(), 1));
            List<String> seen = new ArrayList<>();
            String token = null;
            do {
                ListTasksResponse page = tight.list(new ListTasksRequest(null, "ctx-budget", null, null, 100, token,
                        10, true), by("dave"));
                assertEquals(1, page.tasks().size(), "a task over the budget is a page of its own");
                assertEquals(3, page.totalSize());
                assertEquals(1, page.tasks().get(0).history().size(), "the budget shortens the page, not the task");
                seen.add(page.tasks().get(0).id());
                token = page.nextPageToken();
            } while (!token.isEmpty());
            assertEquals(created.stream().sorted().toList(), seen.stream().sorted().toList(), "every task once");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void listRefusesBadParameters() {
        for (String token : new String[] {"garbage", "!!!", Base64.getUrlEncoder().encodeToString(
                "9:1:x".getBytes(StandardCharsets.UTF_8)), "%00"}) {
            var error = assertA2AError(A2AError.INVALID_PARAMS,
                    () -> list(null, null, null, token, null, false, "alice"));
            assertEquals("pageToken", error.violations().get(0).field());
        }
        assertA2AError(A2AError.INVALID_PARAMS, () -> list(null, null, 0, null, null, false, "alice"));
        assertA2AError(A2AError.INVALID_PARAMS, () -> list(null, null, 101, null, null, false, "alice"));
        assertA2AError(A2AError.INVALID_PARAMS, () -> list(null, null, null, null, -1, false, "alice"));
        assertEquals(1, list("ctx-q", null, null, new PageCursor(Long.MAX_VALUE, "~").token(), null, false,
                "alice").tasks().size(), "a valid token this server could have issued is accepted");
    }

    @Test
    void cancelStopsAWorkingTaskOnceAndOnlyOnce() throws Exception {
        Task working = awaitTask(service.send(request(user("block me", null, null), null, true), by("alice")));
        ServiceHarness.eventually(() -> harness.storedState(working.id()) == TaskState.WORKING, "working");

        Task canceled = service.cancel(new CancelTaskRequest(null, working.id(), null), by("alice"));

        assertEquals(TaskState.CANCELED, canceled.status().state());
        assertEquals(working.id(), canceled.id());
        assertEquals(TaskState.CANCELED, harness.storedState(working.id()));
        var again = assertA2AError(A2AError.TASK_NOT_CANCELABLE,
                () -> service.cancel(new CancelTaskRequest(null, working.id(), null), by("alice")));
        assertEquals(working.id(), again.metadata().get("taskId"));
        assertA2AError(A2AError.TASK_NOT_CANCELABLE,
                () -> service.cancel(new CancelTaskRequest(null, conversation.id(), null), by("alice")));
        assertA2AError(A2AError.TASK_NOT_FOUND,
                () -> service.cancel(new CancelTaskRequest(null, "no-such-task", null), by("alice")));
        ServiceHarness.eventually(() -> service.runningCount() == 0, "the canceled agent to stop");
        assertEquals(List.of(TaskState.WORKING, TaskState.CANCELED), harness.loggedStates(working.id()));
    }

    @Test
    void aTaskWaitingForInputCanBeCanceled() throws Exception {
        Task waiting = awaitTask(service.send(request(user("ask me", null, null)), by("alice")));
        assertEquals(TaskState.INPUT_REQUIRED, waiting.status().state());
        Task canceled = service.cancel(new CancelTaskRequest(null, waiting.id(), null), by("alice"));
        assertEquals(TaskState.CANCELED, canceled.status().state());
        assertEquals(List.of("ask me", "which?"), texts(canceled), "the question moved into the history");
        assertTrue(harness.store.runningOn("test").stream().noneMatch(waiting.id()::equals),
                "a canceled task has no runner");
    }
}
