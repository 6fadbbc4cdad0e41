package dev.switchboard.task;

import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of the task service on a real H2 file store: one store per test class (opening one is
 * most of a test's time), a fresh service with its own agent for every test, stopped after it.
 */
abstract class ServiceTesting {
    @TempDir
    static Path dir;
    static TaskDatabase db;
    ServiceHarness harness;

    @BeforeAll
    static void openStore() {
        db = StoreTesting.open(dir);
    }

    @AfterAll
    static void closeStore() {
        db.close();
    }

    @AfterEach
    void stopService() throws InterruptedException {
        if (harness != null) {
            harness.close();
        }
    }

    /** A service running {@code agent} on this class's store. */
    TaskService service(AgentExecutor agent) {
        return serve(new ServiceHarness(db, agent));
    }

    /** Makes {@code made} this test's service, stopped after the test. */
    final TaskService serve(ServiceHarness made) {
        harness = made;
        return made.service;
    }
}
