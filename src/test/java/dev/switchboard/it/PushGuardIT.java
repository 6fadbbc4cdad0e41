package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook guard as shipped: a server with no allowlist refuses webhooks on loopback, private,
 * link-local and metadata-service addresses, in every IPv6 form that carries them, and
 * {@code localhost} names, at registration with invalid params (-32602) naming the reason but no
 * resolved address, both through CreateTaskPushNotificationConfig and inside SendMessage (which
 * then creates no task). Plain http is allowed here only so that the refusals are about addresses.
 */
class PushGuardIT {
    @TempDir
    Path temp;

    @Test
    void internalTargetsAreRefusedWithoutAnAllowlist() throws Exception {
        try (WebhookReceiver webhook = new WebhookReceiver();
             TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                     Deployments.builtWar(), List.of("switchboard.push.allow.http=true"))) {
            tomcat.start();
            JsonRpc rpc = new JsonRpc(new Http(tomcat.url()));
            String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
            String port = webhook.url("/").replaceAll(".*:(\\d+)/", "$1");
            List<String> refused = List.of(
                    webhook.url("/hook"),                               // loopback, where a webhook really listens
                    "http://localhost:" + port + "/hook",               // a name that resolves to loopback
                    "http://[::1]:" + port + "/hook",
                    "http://[::ffff:127.0.0.1]:" + port + "/hook",
                    "http://10.0.0.8/hook", "http://172.16.5.4/hook", "http://192.168.1.20/hook",
                    "http://169.254.169.254/latest/meta-data/", "http://100.64.0.1/hook", "http://[fd00::1]/hook",
                    "http://[fe80::1]/hook", "http://0.0.0.0:" + port + "/hook",
                    "http://[::ffff:0:127.0.0.1]:" + port + "/hook",      // SIIT-translated loopback
                    "http://[64:ff9b:1:7f00:0:100::]:" + port + "/hook",  // local-use NAT64
                    "http://168.63.129.16/hook");                         // Azure's wire server
            for (String url : refused) {
                JsonObject error = rpc.call("CreateTaskPushNotificationConfig", Json.createObjectBuilder()
                        .add("taskId", taskId).add("url", url).build()).getJsonObject("error");
                assertEquals(-32602, error.getInt("code"), url + ": " + error);
                assertTrue(error.getString("message").contains("refused"), url + ": " + error);
            }
            for (String url : List.of("http://169.254.169.254/latest/meta-data/", "http://168.63.129.16/machine")) {
                JsonObject metadata = rpc.call("CreateTaskPushNotificationConfig", Json.createObjectBuilder()
                        .add("taskId", taskId).add("url", url).build());
                assertTrue(metadata.getJsonObject("error").getString("message").contains("metadata"),
                        metadata.toString());
            }
            // refused by its name, looked up nowhere: the answer names no address it resolves to
            JsonObject named = rpc.call("CreateTaskPushNotificationConfig", Json.createObjectBuilder()
                    .add("taskId", taskId).add("url", "http://localhost:" + port + "/hook").build());
            String message = named.getJsonObject("error").getString("message");
            assertTrue(message.contains("loopback") && !message.contains("127.0.0.1") && !message.contains("::1"),
                    message);

            int before = rpc.result("ListTasks", Json.createObjectBuilder().build()).getInt("totalSize");
            JsonObject send = rpc.call("SendMessage", Json.createObjectBuilder()
                    .add("message", JsonRpc.userMessage("hello"))
                    .add("configuration", Json.createObjectBuilder().add("taskPushNotificationConfig",
                            Json.createObjectBuilder().add("url", "http://localhost:" + port + "/hook"))).build());
            assertEquals(-32602, send.getJsonObject("error").getInt("code"), send.toString());
            assertEquals(before, rpc.result("ListTasks", Json.createObjectBuilder().build()).getInt("totalSize"));
            assertTrue(webhook.on("/hook").isEmpty(), "nothing reached the loopback webhook");
        }
    }

    /** Without the guard, push is off unless the operator turns it on explicitly. */
    @Test
    void withoutTheGuardPushIsOffByDefault() throws Exception {
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base-off"), temp.resolve("data-off"),
                Deployments.builtWar(), List.of("switchboard.push.guard=false"))) {
            tomcat.start();
            Http http = new Http(tomcat.url());
            JsonRpc rpc = new JsonRpc(http);
            assertEquals(false, Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"))
                    .getJsonObject("capabilities").getBoolean("pushNotifications"));
            String taskId = rpc.result("SendMessage", JsonRpc.send("input")).getJsonObject("task").getString("id");
            assertEquals(-32003, rpc.errorCode("CreateTaskPushNotificationConfig", Json.createObjectBuilder()
                    .add("taskId", taskId).add("url", "https://example.com/hook").build()));
            assertEquals(-32003, rpc.errorCode("ListTaskPushNotificationConfigs", Json.createObjectBuilder()
                    .add("taskId", taskId).build()));
            assertEquals(-32003, rpc.errorCode("SendMessage", Json.createObjectBuilder()
                    .add("message", JsonRpc.userMessage("hello")).add("configuration", Json.createObjectBuilder()
                            .add("taskPushNotificationConfig", Json.createObjectBuilder()
                                    .add("url", "https://example.com/hook"))).build()));
            assertEquals(404, http.get("/.well-known/jwks.json").statusCode());
        }
    }
}
