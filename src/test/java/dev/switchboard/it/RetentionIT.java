package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tasks past their retention are gone for every client, and the health check shows the store's
 * size, its oldest task and the retention in force; a retention that cannot be used stops the
 * start-up with a message naming the setting.
 */
class RetentionIT {
    private static final int TASK_NOT_FOUND = -32001;

    @TempDir
    Path temp;

    @Test
    void aCompletedTaskDisappearsAfterItsRetention() throws Exception {
        // three seconds for terminal tasks, a week for interrupted ones
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(),
                List.of("switchboard.retention.minutes=0.05", "switchboard.retention.interrupted.minutes=10080"))) {
            tomcat.start();
            Http http = new Http(tomcat.url());
            JsonRpc rpc = new JsonRpc(http);
            Instant before = Instant.now().minusSeconds(1);
            JsonObject task = rpc.result("SendMessage", JsonRpc.send("hello")).getJsonObject("task");
            String id = task.getString("id");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
            assertEquals(id, rpc.result("GetTask", JsonRpc.id(id)).getString("id"));

            JsonObject store = awaitHealth(http, health -> health.containsKey("store")
                    && health.getJsonObject("store").containsKey("oldestTask"));
            Instant oldest = Instant.parse(store.getJsonObject("store").getString("oldestTask"));
            assertTrue(!oldest.isBefore(before) && !oldest.isAfter(Instant.now()), store.toString());
            assertTrue(store.getJsonObject("store").getJsonNumber("bytes").longValue() > 0, store.toString());
            JsonObject retention = store.getJsonObject("retention");
            assertEquals("0.05", retention.getJsonNumber("minutes").toString());
            assertEquals(10080, retention.getInt("interruptedMinutes"));
            assertEquals(0, retention.getInt("maxTasks"));

            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            JsonObject answer = rpc.call("GetTask", JsonRpc.id(id));
            while (!answer.containsKey("error") && System.nanoTime() < deadline) {
                Thread.sleep(250);
                answer = rpc.call("GetTask", JsonRpc.id(id));
            }
            assertEquals(TASK_NOT_FOUND, answer.getJsonObject("error").getInt("code"), answer.toString());

            JsonObject after = awaitHealth(http, health -> health.getJsonObject("store").getInt("deletedTasks") >= 1);
            assertTrue(!after.getJsonObject("store").containsKey("oldestTask"), after.toString());
            assertEquals("UP", after.getString("status"));
        }
    }

    @Test
    void aNegativeRetentionStopsTheStartUp() throws Exception {
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(), List.of("switchboard.retention.minutes=-5"))) {
            String log = tomcat.startExpectingFailure();
            assertTrue(log.contains("Switchboard cannot start: setting switchboard.retention.minutes"
                    + " (SWITCHBOARD_RETENTION_MINUTES) = '-5': must be minutes from 0"), log);
        }
    }

    private static JsonObject awaitHealth(Http http, java.util.function.Predicate<JsonObject> until)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonObject health = Http.json(http.get("/health"));
        while (!until.test(health) && System.nanoTime() < deadline) {
            Thread.sleep(250);
            health = Http.json(http.get("/health"));
        }
        assertTrue(until.test(health), health.toString());
        return health;
    }
}
