package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every operation checks the owner before it reveals anything: another caller's task is "not
 * found" to get, cancel, subscribe and follow-up alike; the operator (no owner) reaches all.
 */
class OwnerChecksTest {
    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static ServiceHarness harness;
    private static TaskService service;
    private static Task alices;

    @BeforeAll
    static void start() throws Exception {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, (request, updater) -> updater.requireInput("more?"));
        service = harness.service;
        alices = awaitTask(service.send(request(user("mine", "ctx-owner", null)), by("alice")));
        assertEquals(TaskState.INPUT_REQUIRED, alices.status().state());
    }

    @AfterAll
    static void stop() throws Exception {
        harness.close();
        db.close();
    }

    @Test
    void anotherCallerFindsNothing() {
        assertA2AError(A2AError.TASK_NOT_FOUND,
                () -> service.get(new GetTaskRequest(null, alices.id(), null), by("bob")));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.cancel(new CancelTaskRequest(null, alices.id(), null),
                by("bob")));
        assertA2AError(A2AError.TASK_NOT_FOUND, () -> service.subscribe(new SubscribeToTaskRequest(null, alices.id()),
                null, by("bob"), new EventSink() {
                    @Override
                    public void event(long seq, StreamEvent event) {
                    }

                    @Override
                    public void end() {
                    }
                }));
        assertA2AError(A2AError.TASK_NOT_FOUND,
                () -> service.send(request(user("hijack", null, alices.id())), by("bob")));
        assertEquals(TaskState.INPUT_REQUIRED, harness.storedState(alices.id()), "nothing changed");
    }

    @Test
    void theOwnerAndTheOperatorFindIt() {
        assertEquals(alices.id(), service.get(new GetTaskRequest(null, alices.id(), null), by("alice")).id());
        assertEquals(alices.id(), service.get(new GetTaskRequest(null, alices.id(), null), operator()).id());
    }
}
