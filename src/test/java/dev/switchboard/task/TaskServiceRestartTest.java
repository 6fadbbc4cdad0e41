package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.text;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.StoredEvent;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a restarted instance does with the tasks it was running when it stopped. */
class TaskServiceRestartTest {
    @TempDir
    Path dir;

    private static Task stored(JpaTaskStore store, String id, TaskState state, String runner) {
        Task task = StoreTesting.task(id, "ctx-restart", state, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        store.create(task, "alice", runner, List.of(task));
        return task;
    }

    @Test
    void tasksThisInstanceWasRunningFailAndTasksWaitingForInputStay() throws Exception {
        try (TaskDatabase before = StoreTesting.open(dir)) {
            JpaTaskStore store = new JpaTaskStore(before.entityManagerFactory(), Clock.systemUTC());
            stored(store, "working", TaskState.WORKING, "test");
            stored(store, "submitted", TaskState.SUBMITTED, "test");
            stored(store, "waiting", TaskState.INPUT_REQUIRED, "test");
            stored(store, "auth", TaskState.AUTH_REQUIRED, "test");
            stored(store, "done", TaskState.COMPLETED, "test");
            stored(store, "elsewhere", TaskState.WORKING, "other-instance");
        }
        try (TaskDatabase after = StoreTesting.open(dir)) {
            ServiceHarness harness = new ServiceHarness(after, (request, updater) -> {
                throw new AssertionError("no agent runs during reconciliation");
            });
            try {
                assertEquals(2, harness.service.reconcileAfterRestart());

                for (String id : List.of("working", "submitted")) {
                    StoredTask failed = harness.store.find(id).orElseThrow();
                    assertEquals(TaskState.FAILED, failed.task().status().state(), id);
                    assertTrue(text(failed.task().status().message()).contains("restarted"), id);
                    assertEquals(id, failed.task().status().message().taskId());
                    assertEquals(2, failed.lastSeq(), id);
                    List<StoredEvent> log = harness.store.eventsAfter(id, 1);
                    assertEquals(List.of(TaskState.FAILED), harness.loggedStates(id));
                    assertEquals(2, log.get(0).seq());
                }
                assertEquals(TaskState.INPUT_REQUIRED, harness.storedState("waiting"));
                assertEquals(1, harness.store.find("waiting").orElseThrow().lastSeq());
                assertEquals(TaskState.AUTH_REQUIRED, harness.storedState("auth"));
                assertEquals(TaskState.COMPLETED, harness.storedState("done"));
                assertEquals(1, harness.store.find("done").orElseThrow().lastSeq());
                assertEquals(TaskState.WORKING, harness.storedState("elsewhere"), "another instance's task");
                List<String> running = harness.store.runningOn("test");
                assertTrue(!running.contains("working") && !running.contains("submitted"), "failed: no runner");
                assertEquals(0, harness.service.reconcileAfterRestart(), "nothing left to fail");
            } finally {
                harness.close();
            }
        }
    }

    @Test
    void aTaskWaitingForInputResumesAfterTheRestart() throws Exception {
        String taskId;
        try (TaskDatabase before = StoreTesting.open(dir)) {
            ServiceHarness harness = new ServiceHarness(before, (request, updater) -> updater.requireInput("and?"));
            taskId = awaitTask(harness.service.send(request(user("first", null, null)), by("alice"))).id();
            harness.close();
        }
        try (TaskDatabase after = StoreTesting.open(dir)) {
            ServiceHarness harness = new ServiceHarness(after, (request, updater) -> updater.complete("resumed"));
            try {
                assertEquals(0, harness.service.reconcileAfterRestart());
                Task resumed = awaitTask(harness.service.send(request(user("second", null, taskId)), by("alice")));
                assertEquals(TaskState.COMPLETED, resumed.status().state());
                assertEquals(List.of("first", "and?", "second"),
                        resumed.history().stream().map(ServiceHarness::text).toList());
                assertEquals(List.of(TaskState.INPUT_REQUIRED, TaskState.COMPLETED), harness.loggedStates(taskId));
            } finally {
                harness.close();
            }
        }
    }

    @Test
    void onlyTasksWithAnAgentStillRunningAreRunningOnThisInstance() throws Exception {
        // TaskRun.status/artifact always store context.runner() as the runner, also for terminal and
        // interrupted states, so TaskStore.runningOn returns every task this instance ever finished
        // and reconcileAfterRestart reads all of them at each start.
        try (TaskDatabase db = StoreTesting.open(dir)) {
            ServiceHarness harness = new ServiceHarness(db, (request, updater) -> {
                if (text(request.message()).equals("ask")) {
                    updater.requireInput("yes?");
                } else {
                    updater.complete("done");
                }
            });
            try {
                String done = awaitTask(harness.service.send(request(user("finish", null, null)), operator())).id();
                String waiting = awaitTask(harness.service.send(request(user("ask", null, null)), operator())).id();
                assertEquals(TaskState.COMPLETED, harness.storedState(done));
                assertEquals(TaskState.INPUT_REQUIRED, harness.storedState(waiting));
                assertEquals(List.of(), harness.store.runningOn("test"));
            } finally {
                harness.close();
            }
        }
    }
}
