package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At-least-once across a hard kill: the webhook refuses deliveries (503) while the server is killed
 * mid-delivery; a new server on the same data directory resumes from each config's stored cursor,
 * and once the webhook takes them every event arrives, in log order.
 */
class PushRestartIT {
    private static final List<String> PUSH = List.of("switchboard.push.allow.http=true",
            "switchboard.push.allowlist=127.0.0.1");

    @TempDir
    Path temp;

    @Test
    void deliveriesResumeAfterAHardKill() throws Exception {
        Path data = temp.resolve("data");
        try (WebhookReceiver webhook = new WebhookReceiver()) {
            webhook.answer("/hook", 503);
            String taskId;
            try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base-1"), data, Deployments.builtWar(), PUSH)) {
                tomcat.start();
                JsonRpc rpc = new JsonRpc(new Http(tomcat.url()));
                taskId = rpc.result("SendMessage", Json.createObjectBuilder().add("message", JsonRpc.userMessage("hello"))
                        .add("configuration", Json.createObjectBuilder().add("taskPushNotificationConfig",
                                Json.createObjectBuilder().add("url", webhook.url("/hook")))).build())
                        .getJsonObject("task").getString("id");
                webhook.await("/hook", list -> !list.isEmpty(), 30);
                tomcat.kill();
            }
            int beforeRestart = webhook.on("/hook").size();
            webhook.answer("/hook", 200);
            try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base-2"), data, Deployments.builtWar(), PUSH)) {
                tomcat.start();
                JsonRpc rpc = new JsonRpc(new Http(tomcat.url()));
                List<JsonObject> expected;
                try (JsonRpc.Stream stream = rpc.stream("SubscribeToTask", JsonRpc.id(taskId), "Last-Event-ID", "0")) {
                    expected = stream.rest().stream().map(event -> event.data().getJsonObject("result")).toList();
                }
                assertTrue(expected.size() >= 2, expected.toString());
                List<WebhookReceiver.Delivery> after = webhook.await("/hook",
                        list -> list.size() >= beforeRestart + expected.size(), 60);
                List<JsonObject> accepted = after.subList(beforeRestart, after.size()).stream()
                        .map(WebhookReceiver.Delivery::json).toList();
                // at least once: a retry may repeat an event, but each arrives, in log order
                Set<JsonObject> distinct = new LinkedHashSet<>(accepted);
                assertEquals(expected, List.copyOf(distinct));
                assertEquals("TASK_STATE_COMPLETED", rpc.result("GetTask", JsonRpc.id(taskId))
                        .getJsonObject("status").getString("state"));
            }
        }
    }
}
