package dev.switchboard.task;

import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.TaskUpdater;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cancellation that interrupts the agent: the interrupted turn must not answer the caller before
 * the cancellation is stored. The agent's cancel hook holds the canceller, once it has interrupted
 * the agent, until the caller has its answer (two seconds at most), which makes the window of the
 * race deterministic.
 *
 * <p>TaskService.cancel stores and publishes CANCELED before it interrupts the agent, so the
 * interrupted turn ends on the canceled task: a blocking SendMessage answers CANCELED, and a
 * stream ends with the CANCELED event, not with the agent's last WORKING.
 */
class CancelDuringTurnTest {
    @TempDir
    Path dir;
    private TaskDatabase db;
    private ServiceHarness harness;
    private final CountDownLatch working = new CountDownLatch(1);
    private volatile BooleanSupplier holdCancelUntil = () -> true;

    @BeforeEach
    void start() {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, new AgentExecutor() {
            @Override
            public void execute(AgentRequest request, TaskUpdater updater) throws InterruptedException {
                updater.working();
                working.countDown();
                new CountDownLatch(1).await(); // until cancel interrupts
            }

            @Override
            public void cancel(AgentRequest request, TaskUpdater updater) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (!holdCancelUntil.getAsBoolean() && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            }
        });
    }

    @AfterEach
    void stop() throws InterruptedException {
        harness.close();
        db.close();
    }

    @Test
    void aBlockingSendOfACanceledTaskAnswersCanceled() throws Exception {
        CompletableFuture<SendMessageResult> sent = harness.service.send(request(user("work", null, null)), operator())
                .toCompletableFuture();
        ServiceHarness.await(working, "the agent to work");
        holdCancelUntil = sent::isDone;
        String taskId = harness.service.list(new ListTasksRequest(null, null, null, null, null, null, null, false),
                operator()).tasks().get(0).id();

        Task canceled = harness.service.cancel(new CancelTaskRequest(null, taskId, null), operator());

        assertEquals(TaskState.CANCELED, canceled.status().state());
        assertEquals(TaskState.CANCELED, awaitTask(sent).status().state());
    }

    @Test
    void aStreamOfACanceledTaskEndsWithTheCancellation() throws Exception {
        RecordingSink sink = new RecordingSink();
        harness.service.stream(request(user("work", null, null)), operator(), sink);
        ServiceHarness.await(working, "the agent to work");
        holdCancelUntil = sink::isEnded;
        ServiceHarness.eventually(() -> sink.entries.size() == 2, "the task and WORKING");
        String taskId = sink.events().get(0) instanceof Task task ? task.id() : null;

        harness.service.cancel(new CancelTaskRequest(null, taskId, null), operator());
        sink.awaitEnd();

        TaskStatusUpdateEvent last = assertInstanceOf(TaskStatusUpdateEvent.class,
                sink.events().get(sink.events().size() - 1));
        assertEquals(TaskState.CANCELED, last.status().state());
    }
}
