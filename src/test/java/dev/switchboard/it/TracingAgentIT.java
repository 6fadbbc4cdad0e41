package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenTelemetry Java agent attached to a Tomcat of our own, its spans written to the console
 * as OTLP JSON ({@code otel.traces.exporter=logging-otlp}): one trace id from the caller's
 * {@code traceparent}, through the agent's servlet span, our operation span nested under it (not a
 * second server span), the agent's run, to the push notification's POST, whose request carries
 * the trace to the webhook.
 */
class TracingAgentIT {
    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final String CALLER_SPAN = "b7ad6b7169203331";

    @TempDir
    Path temp;

    @Test
    void aRequestItsAgentRunAndItsWebhookPostAreOneTraceUnderTheAgentsServerSpan() throws Exception {
        Assumptions.assumeFalse(ServerProcess.onPayara(), "the agent run is a Tomcat of its own");
        Path agent = Path.of(System.getProperty("it.otel.agent"));
        assertTrue(Files.exists(agent), "the build copies the agent to " + agent);
        List<String> settings = List.of("-javaagent:" + agent, "otel.traces.exporter=logging-otlp",
                "otel.metrics.exporter=none", "otel.logs.exporter=none", "otel.service.name=switchboard-it",
                "switchboard.push.allow.http=true", "switchboard.push.allowlist=127.0.0.1");
        Path base = temp.resolve("base");
        try (WebhookReceiver webhook = new WebhookReceiver();
             TomcatProcess tomcat = new TomcatProcess(base, temp.resolve("data"), Deployments.builtWar(), settings)) {
            tomcat.start();
            JsonObject params = Json.createObjectBuilder().add("message", JsonRpc.userMessage("hello"))
                    .add("configuration", Json.createObjectBuilder().add("taskPushNotificationConfig",
                            Json.createObjectBuilder().add("url", webhook.url("/hook")))).build();
            Http http = new Http(tomcat.url());
            HttpResponse<String> sent = http.send(http.request("/a2a/jsonrpc")
                    .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                    .header("traceparent", "00-" + TRACE + "-" + CALLER_SPAN + "-01")
                    .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope("SendMessage", params))).build());
            assertEquals(200, sent.statusCode(), sent.body());

            String hookParent = webhook.await("/hook", list -> !list.isEmpty(), 60).get(0).header("traceparent");
            assertNotNull(hookParent, "the webhook POST carries a traceparent");
            assertEquals(TRACE, hookParent.substring(3, 35), "the webhook POST is in the caller's trace");
            String postSpanId = hookParent.substring(36, 52);

            Path console = base.resolve("logs/console.log");
            JsonObject operation = awaitSpan(console, named("A2A SendMessage"), "A2A SendMessage");
            JsonObject run = awaitSpan(console, named("invoke_agent"), "invoke_agent");
            JsonObject post = awaitSpan(console, span -> span.getString("spanId").equals(postSpanId),
                    "with the webhook's parent id " + postSpanId);
            List<JsonObject> spans = spans(console);
            JsonObject server = byId(spans, operation.getString("parentSpanId", ""));
            assertNotNull(server, "our operation span's parent is a span the agent exported: " + operation);
            assertEquals(CALLER_SPAN, server.getString("parentSpanId", ""), "the agent's span continues the caller's");
            assertEquals(2, server.getInt("kind"), "the agent's servlet span is the server span: " + server);
            assertEquals(1, operation.getInt("kind"), "ours is INTERNAL under it, not a second server span");
            assertEquals(1, spans.stream().filter(span -> span.getString("name").equals("A2A SendMessage")
                    && span.getString("traceId").equals(TRACE)).count(), "one operation span");
            assertEquals(operation.getString("spanId"), run.getString("parentSpanId", ""), "the run is the operation's child");
            assertEquals("POST", post.getString("name"));
            assertEquals(3, post.getInt("kind"), "the POST is a client span");
            for (JsonObject span : List.of(server, operation, run, post)) {
                assertEquals(TRACE, span.getString("traceId"), span.toString());
            }
        }
    }

    /** The first span of the trace that the console shows and {@code which} accepts, within 30 s. */
    private static JsonObject awaitSpan(Path console, Predicate<JsonObject> which, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (JsonObject span : spans(console)) {
                if (span.getString("traceId").equals(TRACE) && which.test(span)) {
                    return span;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no span " + what + " of trace " + TRACE + " in " + console + ":\n" + spans(console));
    }

    private static Predicate<JsonObject> named(String name) {
        return span -> span.getString("name").equals(name);
    }

    private static JsonObject byId(List<JsonObject> spans, String id) {
        return spans.stream().filter(span -> span.getString("spanId").equals(id)).findFirst().orElse(null);
    }

    /** Every span the logging-otlp exporter wrote: one OTLP JSON document per line. */
    private static List<JsonObject> spans(Path console) throws Exception {
        List<JsonObject> spans = new ArrayList<>();
        for (String line : Files.readAllLines(console)) {
            int start = line.indexOf("{\"resource\"");
            if (start < 0) {
                continue;
            }
            JsonObject document;
            try (JsonReader reader = Json.createReader(new StringReader(line.substring(start)))) {
                document = reader.readObject();
            } catch (RuntimeException partial) {
                continue; // a line still being written
            }
            for (JsonValue scope : document.getJsonArray("scopeSpans")) {
                JsonArray inScope = scope.asJsonObject().getJsonArray("spans");
                inScope.forEach(span -> spans.add(span.asJsonObject()));
            }
        }
        return spans;
    }
}
