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
import dev.switchboard.store.TaskStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
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
            // a round's first run prepares its queries, which in a cold JVM may outlast this short lease
            a.service.renewLeases();
            b.service.reconcileExpiredLeases();
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

    @Test
    void everyStreakOfFailedRenewalsIsWarnedOnceAndItsEndIsLogged() throws Exception {
        AtomicBoolean databaseAway = new AtomicBoolean();
        AtomicInteger renewals = new AtomicInteger();
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getMessage().startsWith("Renewing")) {
                    logged.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(LeaseKeeper.class.getName());
        log.addHandler(recorder);
        try (TaskDatabase db = StoreTesting.open(dir)) {
            ServiceHarness a = new ServiceHarness(db, (request, updater) -> updater.complete(), "a",
                    Clock.systemUTC(), LEASE, store -> (TaskStore) Proxy.newProxyInstance(
                            TaskStore.class.getClassLoader(), new Class<?>[] {TaskStore.class}, (proxy, method, args) -> {
                                if (method.getName().equals("renewLeases")) {
                                    renewals.incrementAndGet();
                                    if (databaseAway.get()) {
                                        throw new IllegalStateException("the database is away");
                                    }
                                }
                                try {
                                    return method.invoke(store, args);
                                } catch (InvocationTargetException e) {
                                    throw e.getCause();
                                }
                            }));
            try (LeaseKeeper keeper = new LeaseKeeper(a.service, LEASE).start()) {
                for (int streak = 0; streak < 2; streak++) {
                    databaseAway.set(true);
                    int before = renewals.get();
                    eventually(() -> renewals.get() >= before + 3, "three failed renewals");
                    databaseAway.set(false);
                    int after = renewals.get();
                    eventually(() -> renewals.get() >= after + 2, "renewals working again");
                }
            } finally {
                a.close();
            }
        } finally {
            log.removeHandler(recorder);
        }
        assertEquals(List.of(Level.WARNING, Level.INFO, Level.WARNING, Level.INFO),
                logged.stream().filter(record -> record.getLevel().intValue() >= Level.INFO.intValue())
                        .map(LogRecord::getLevel).toList(),
                "a warning as each streak starts, a note as it ends, nothing between");
    }
}
