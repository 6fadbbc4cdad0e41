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
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.List;
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
    private final CountDownLatch atWork = new CountDownLatch(1);
    private final CountDownLatch releaseHold = new CountDownLatch(1);

    /**
     * "ask": input required, then returns only when the test says; "work": at work until the test
     * ends; "hold": at work until the test says, then completed; anything else: completed.
     */
    private final AgentExecutor agent = (request, updater) -> {
        switch (ServiceHarness.text(request.message())) {
            case "ask" -> {
                updater.requireInput("which one?");
                returnAfterAsking.await(10, TimeUnit.SECONDS);
            }
            case "work" -> {
                updater.working();
                atWork.countDown();
                releaseHold.await(10, TimeUnit.SECONDS);
            }
            case "hold" -> {
                updater.working();
                releaseHold.await(10, TimeUnit.SECONDS);
                updater.complete("noted");
            }
            default -> updater.complete("noted");
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
        releaseHold.countDown();
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
        assertEquals(List.of("ask"), historyTexts(asked.id()), "the refused answer is not in the task");
    }

    @Test
    void aMessageToATaskAtWorkHereIsRefusedAndNotRecorded() throws Exception {
        Task working = awaitTask(harness.service.send(request(user("work", null, null), null, true), operator()));
        ServiceHarness.await(atWork, "the agent at work");

        A2AException busy = ServiceHarness.assertA2AError(A2AError.UNSUPPORTED_OPERATION,
                () -> harness.service.send(request(user("and also this", null, working.id())), operator()));
        assertTrue(busy.getMessage().contains("still working"), busy.getMessage());
        assertEquals(List.of("work"), historyTexts(working.id()));
        assertEquals(TaskState.WORKING, harness.store.find(working.id()).orElseThrow().task().status().state());
    }

    @Test
    void ofTwoAnswersSentAtOnceOneIsTakenAndTheOtherLeavesNoTrace() throws Exception {
        Task asked = awaitTask(harness.service.send(request(user("ask", null, null)), operator()));
        returnAfterAsking.countDown();
        ServiceHarness.eventually(() -> harness.service.runningCount() == 0, "the asking turn ended");

        // "hold" keeps its turn at work past the other answer's wait, so exactly one is taken
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Object>> answers = List.of("hold", "hold").stream()
                .map(text -> CompletableFuture.supplyAsync(() -> {
                    ServiceHarness.awaitUninterruptibly(go);
                    try {
                        return (Object) harness.service.send(request(user(text, null, asked.id()), null, true),
                                operator()).toCompletableFuture().join();
                    } catch (A2AException refused) {
                        return refused;
                    }
                }))
                .toList();
        go.countDown();
        List<Object> outcomes = answers.stream().map(CompletableFuture::join).toList();

        assertEquals(1, outcomes.stream().filter(Task.class::isInstance).count(), outcomes.toString());
        A2AException refused = (A2AException) outcomes.stream().filter(A2AException.class::isInstance)
                .findFirst().orElseThrow();
        assertTrue(refused.getMessage().contains("still working"), refused.getMessage());
        assertEquals(List.of("ask", "hold"), historyTexts(asked.id()));
        releaseHold.countDown();
    }

    private List<String> historyTexts(String taskId) {
        return harness.store.find(taskId).orElseThrow().task().history().stream()
                .filter(m -> m.role() == Role.USER).map(ServiceHarness::text).toList();
    }
}
