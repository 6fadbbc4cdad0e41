package dev.switchboard.task;

import static dev.switchboard.skill.Calls.operator;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that answers a task's request for input at once: its follow-up may arrive after the
 * agent stored INPUT_REQUIRED but before that agent returned. The agent here holds its return
 * until the test lets it, which makes that window as wide as the test needs.
 */
class FollowUpRaceTest {
    @TempDir
    Path dir;
    private TaskDatabase db;
    private ServiceHarness harness;
    private final CountDownLatch returnAfterAsking = new CountDownLatch(1);

    /** "ask": input required, then returns only when the test says; anything else: completed. */
    private final AgentExecutor agent = (request, updater) -> {
        if (ServiceHarness.text(request.message()).equals("ask")) {
            updater.requireInput("which one?");
            returnAfterAsking.await(10, TimeUnit.SECONDS);
        } else {
            updater.complete("noted");
        }
    };

    @BeforeEach
    void start() {
        db = StoreTesting.open(dir);
        harness = new ServiceHarness(db, agent);
    }

    @AfterEach
    void stop() throws InterruptedException {
        returnAfterAsking.countDown();
        harness.close();
        db.close();
    }

    @Test
    void anAnswerSentWhileTheAskingAgentReturnsWaitsForItsTurnToEnd() throws Exception {
        Task asked = awaitTask(harness.service.send(request(user("ask", null, null)), operator()));
        assertEquals(TaskState.INPUT_REQUIRED, asked.status().state());

        CompletableFuture<SendMessageResult> answer = CompletableFuture.supplyAsync(() -> harness.service
                .send(request(user("the blue one", null, asked.id())), operator()).toCompletableFuture().join());
        Thread.sleep(200);
        assertFalse(answer.isDone(), "waiting for the asking turn to end, not refused");
        returnAfterAsking.countDown();

        Task answered = (Task) answer.get(10, TimeUnit.SECONDS);
        assertEquals(TaskState.COMPLETED, answered.status().state());
        assertEquals(asked.id(), answered.id());
    }

    @Test
    void anAnswerIsRefusedWhenTheAskingAgentDoesNotReturn() throws Exception {
        Task asked = awaitTask(harness.service.send(request(user("ask", null, null)), operator()));

        long started = System.nanoTime();
        CompletionException refused = assertThrows(CompletionException.class, () -> CompletableFuture.supplyAsync(
                () -> harness.service.send(request(user("the blue one", null, asked.id())), operator())).join());
        A2AException busy = (A2AException) refused.getCause();
        assertEquals(A2AError.UNSUPPORTED_OPERATION, busy.error());
        assertTrue(busy.getMessage().contains("still working"), busy.getMessage());
        assertTrue(System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(1_900), "it waited first");
    }
}
