package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.eventually;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.protocol.TaskState;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keeper on its own thread, in real time with a short lease: it holds a live instance's tasks and lets a stopped one's go. */
class LeaseKeeperTest {
    private static final Duration LEASE = Duration.ofMillis(300);

    @TempDir
    Path dir;

    @Test
    void aRunningInstanceKeepsItsTaskAndOnceItStopsAnotherFailsIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch working = new CountDownLatch(1);
        AgentExecutor agent = (request, updater) -> {
            updater.working();
            working.countDown();
            release.await();
            updater.complete("done");
        };
        try (TaskDatabase db = StoreTesting.open(dir)) {
            ServiceHarness a = new ServiceHarness(db, agent, "a", Clock.systemUTC(), LEASE, UnaryOperator.identity());
            ServiceHarness b = new ServiceHarness(db, agent, "b", Clock.systemUTC(), LEASE, UnaryOperator.identity());
            try (LeaseKeeper onA = new LeaseKeeper(a.service, LEASE).start();
                 LeaseKeeper onB = new LeaseKeeper(b.service, LEASE).start()) {
                String taskId = awaitTask(a.service.send(request(user("work", null, null), null, true), by("alice")))
                        .id();
                ServiceHarness.await(working, "the agent at work");
                Thread.sleep(LEASE.multipliedBy(4).toMillis());
                assertEquals(TaskState.WORKING, b.storedState(taskId), "a renews its lease");

                onA.close();
                eventually(() -> b.storedState(taskId) == TaskState.FAILED, "b failing the task of a stopped a");
                release.countDown();
                eventually(() -> a.service.runningCount() == 0, "a's agent done");
                assertEquals(TaskState.FAILED, b.storedState(taskId));
            } finally {
                release.countDown();
                a.close();
                b.close();
            }
        }
    }

    @Test
    void aKeeperClosedBeforeTheStoreOpenedNeverStarts() throws Exception {
        try (TaskDatabase db = StoreTesting.open(dir)) {
            ServiceHarness a = new ServiceHarness(db, (request, updater) -> updater.complete(), "a", Clock.systemUTC(),
                    LEASE, UnaryOperator.identity());
            try {
                LeaseKeeper keeper = new LeaseKeeper(a.service, LEASE);
                keeper.close();
                keeper.start();
                // none of this JVM's keepers runs on: any other test's closed one ends soon after
                eventually(() -> Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(thread -> thread.getName().equals("switchboard-leases") && thread.isAlive()),
                        "no keeper thread");
            } finally {
                a.close();
            }
        }
    }
}
