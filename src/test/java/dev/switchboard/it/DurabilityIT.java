package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acknowledged tasks survive a killed server: tasks are completed, the server JVM (Tomcat, or Payara Micro on the Payara run) gets SIGKILL, a
 * new one starts on the same data directory, and every task is there with its artifacts. A task
 * that was running when the server died is failed with a message saying so, and one that waited
 * for input still waits and can be continued.
 */
class DurabilityIT {
    private static final int TASKS = 20;
    private static final int SENDERS = 16;
    /** Answered tasks before the kill: enough that commits are in flight beside each other. */
    private static final int LOADED_TASKS = 400;

    @TempDir
    Path temp;

    @Test
    void tasksSurviveAHardKill() throws Exception {
        Path data = temp.resolve("data");
        List<String> completed = new ArrayList<>();
        String running;
        JsonObject waiting;
        try (ServerProcess server = ServerProcess.launch(temp.resolve("base-1"), data, Deployments.builtWar())) {
            server.start();
            JsonRpc rpc = new JsonRpc(new Http(server.url()));
            for (int i = 0; i < TASKS; i++) {
                JsonObject task = rpc.result("SendMessage", JsonRpc.send("durable-" + i)).getJsonObject("task");
                assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
                completed.add(task.getString("id"));
            }
            running = rpc.result("SendMessage", Json.createObjectBuilder()
                    .add("message", JsonRpc.userMessage("slow:600000"))
                    .add("configuration", Json.createObjectBuilder().add("returnImmediately", true)).build())
                    .getJsonObject("task").getString("id");
            waiting = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task");
            server.kill();
        }

        try (ServerProcess server = ServerProcess.launch(temp.resolve("base-2"), data, Deployments.builtWar())) {
            server.start();
            JsonRpc rpc = new JsonRpc(new Http(server.url()));
            for (int i = 0; i < TASKS; i++) {
                JsonObject task = rpc.result("GetTask", JsonRpc.id(completed.get(i)));
                assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
                assertEquals("durable-" + i, task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")
                        .getJsonObject(0).getString("text"));
            }
            JsonObject interrupted = rpc.result("GetTask", JsonRpc.id(running));
            assertEquals("TASK_STATE_FAILED", interrupted.getJsonObject("status").getString("state"));
            assertTrue(interrupted.getJsonObject("status").toString().contains("restarted"), interrupted.toString());

            JsonObject stillWaiting = rpc.result("GetTask", JsonRpc.id(waiting.getString("id")));
            assertEquals("TASK_STATE_INPUT_REQUIRED", stillWaiting.getJsonObject("status").getString("state"));
            JsonObject followUp = Json.createObjectBuilder().add("message", JsonRpc.message("after restart")
                    .add("taskId", waiting.getString("id"))).build();
            assertEquals("TASK_STATE_COMPLETED", rpc.result("SendMessage", followUp).getJsonObject("task")
                    .getJsonObject("status").getString("state"));
            assertEquals(TASKS + 2, rpc.result("ListTasks", Json.createObjectBuilder().build()).getInt("totalSize"));
        }
    }

    /**
     * The kill lands while senders are busy: whatever was answered before it, however many commits
     * were in flight beside it, is there after the restart, completed, with its own artifact.
     */
    @Test
    void tasksAcknowledgedUnderLoadSurviveAHardKill() throws Exception {
        Path data = temp.resolve("data-load");
        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        Map<String, String> unlimited = Map.of("switchboard.limit.anonymous.per.minute", "0",
                "switchboard.limit.anonymous.tasks.per.minute", "0", "switchboard.limit.daily", "0");
        try (ServerProcess server = ServerProcess.launch(temp.resolve("load-1"), data, Deployments.builtWar(),
                unlimited)) {
            server.start();
            JsonRpc rpc = new JsonRpc(new Http(server.url()));
            AtomicBoolean killed = new AtomicBoolean();
            ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
            for (int s = 0; s < SENDERS; s++) {
                int sender = s;
                senders.submit(() -> {
                    for (int i = 0; !killed.get(); i++) {
                        String text = "load-" + sender + "-" + i;
                        JsonObject task;
                        try {
                            task = rpc.result("SendMessage", JsonRpc.send(text)).getJsonObject("task");
                        } catch (RuntimeException | AssertionError e) {
                            // after the kill nothing is answered; an answer that never came acknowledged nothing
                            if (killed.get()) {
                                return;
                            }
                            throw e;
                        }
                        acknowledged.put(task.getString("id"), text);
                    }
                    return;
                });
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (acknowledged.size() < LOADED_TASKS && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            killed.set(true);
            server.kill();
            senders.shutdown();
            assertTrue(senders.awaitTermination(60, TimeUnit.SECONDS), "senders still running after the kill");
        }
        assertTrue(acknowledged.size() >= LOADED_TASKS, "only " + acknowledged.size() + " tasks answered in 60 s");

        try (ServerProcess server = ServerProcess.launch(temp.resolve("load-2"), data, Deployments.builtWar(),
                unlimited)) {
            server.start();
            JsonRpc rpc = new JsonRpc(new Http(server.url()));
            List<String> lost = new ArrayList<>();
            acknowledged.forEach((id, text) -> {
                JsonObject response = rpc.call("GetTask", JsonRpc.id(id));
                JsonObject task = response.getJsonObject("result");
                if (task == null || !"TASK_STATE_COMPLETED".equals(task.getJsonObject("status").getString("state"))
                        || !text.equals(task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")
                                .getJsonObject(0).getString("text"))) {
                    lost.add(id + " " + response);
                }
            });
            assertEquals(List.of(), lost, lost.size() + " of " + acknowledged.size() + " acknowledged tasks lost");
        }
    }
}
