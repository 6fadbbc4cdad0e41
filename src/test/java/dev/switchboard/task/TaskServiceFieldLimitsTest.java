package dev.switchboard.task;

import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.assertA2AError;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Over-long identifiers are the client's mistake, answered before the store sees them. */
class TaskServiceFieldLimitsTest {
    @TempDir
    Path dir;
    private TaskDatabase db;
    private ServiceHarness harness;
    private final AtomicInteger agentRuns = new AtomicInteger();

    @BeforeEach
    void open() {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, (request, updater) -> {
            agentRuns.incrementAndGet();
            updater.complete("done");
        });
    }

    @AfterEach
    void close() throws InterruptedException {
        harness.close();
        db.close();
    }

    private int storedTasks() {
        return harness.service.list(new ListTasksRequest(null, null, null, null, null, null, null, false), operator())
                .totalSize();
    }

    @Test
    void aThousandCharacterContextIdIsInvalidParamsAndNothingIsStored() {
        A2AException e = assertA2AError(A2AError.INVALID_PARAMS,
                () -> harness.service.send(request(user("hi", "c".repeat(1_000), null)), operator()));
        assertEquals("message.contextId is longer than 255 characters", e.getMessage());
        assertA2AError(A2AError.INVALID_PARAMS, () -> harness.service.stream(
                request(user("hi", "c".repeat(1_000), null)), operator(), new RecordingSink()));
        assertEquals(0, storedTasks());
        assertEquals(0, agentRuns.get());
    }

    @Test
    void aContextIdAtTheLimitStartsATask() throws Exception {
        String contextId = "c".repeat(255);
        assertEquals(contextId, ServiceHarness.awaitTask(harness.service.send(request(user("hi", contextId, null)),
                operator())).contextId());
    }

    @Test
    void overLongTaskIdsAreInvalidParamsNotUnknownTasks() {
        String id = "t".repeat(1_000);
        assertA2AError(A2AError.INVALID_PARAMS, () -> harness.service.send(request(user("hi", null, id)), operator()));
        assertA2AError(A2AError.INVALID_PARAMS,
                () -> harness.service.get(new GetTaskRequest(null, id, null), operator()));
        assertA2AError(A2AError.INVALID_PARAMS, () -> harness.service.cancel(new CancelTaskRequest(null, id, null),
                operator()));
        assertA2AError(A2AError.INVALID_PARAMS, () -> harness.service.subscribe(new SubscribeToTaskRequest(null, id),
                null, operator(), new RecordingSink()));
        assertA2AError(A2AError.INVALID_PARAMS, () -> harness.service.list(new ListTasksRequest(null, "c".repeat(256),
                null, null, null, null, null, false), operator()));
    }
}
