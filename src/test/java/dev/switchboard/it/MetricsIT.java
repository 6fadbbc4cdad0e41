package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code /metrics} on the real Tomcat: closed without the operator token, and with it a scrape
 * that Prometheus's own parser reads (the Python client's {@code text_string_to_metric_families},
 * Debian's python3-prometheus-client), counting the message this test sent.
 */
class MetricsIT extends OnTomcat {
    /** The system Python, where Debian installs python3-prometheus-client. */
    private static final String PYTHON = "/usr/bin/python3";
    /** Reads a scrape on stdin with Prometheus's parser; prints every sample as JSON. */
    private static final String PARSE = String.join("\n",
            "import sys, json",
            "from prometheus_client.parser import text_string_to_metric_families",
            "out = {}",
            "for family in text_string_to_metric_families(sys.stdin.read()):",
            "    out[family.name] = {'type': family.type, 'samples': [",
            "        {'name': s.name, 'labels': s.labels, 'value': s.value} for s in family.samples]}",
            "print(json.dumps(out))");

    @Test
    void metricsAreClosedWithoutTheOperatorToken() {
        HttpResponse<String> refused = http.get("/metrics");
        assertEquals(401, refused.statusCode(), refused.body());
        assertEquals("no-store", refused.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(refused.body().contains("CREDENTIAL_REQUIRED"), refused.body());
        assertEquals(401, http.get("/metrics", "Authorization", "Bearer not-the-operator-token").statusCode());
    }

    @Test
    void aScrapeCountsTheMessageSentAndParsesAsPrometheusText() throws Exception {
        JsonObject task = rpc.result("SendMessage", JsonRpc.send("hello"));
        assertTrue(task.toString().contains("TASK_STATE_COMPLETED"), task.toString());

        HttpResponse<String> scrape = http.get("/metrics", "Authorization", "Bearer " + Callers.OPERATOR);
        assertEquals(200, scrape.statusCode(), scrape.body());
        // Tomcat writes the parameters without the spaces: text/plain;version=0.0.4;charset=utf-8
        assertTrue(scrape.headers().firstValue("Content-Type").orElse("").replace(" ", "")
                .startsWith("text/plain;version=0.0.4"), scrape.headers().toString());
        assertEquals("no-store", scrape.headers().firstValue("Cache-Control").orElse(null));

        JsonObject families = parse(scrape.body());
        JsonObject requests = families.getJsonObject("switchboard_requests_seconds");
        assertEquals("histogram", requests.getString("type"), requests.toString());
        assertTrue(value(requests, "switchboard_requests_seconds_count", "operation", "SendMessage", "binding",
                "jsonrpc", "outcome", "ok") >= 1, requests.toString());
        assertTrue(value(families.getJsonObject("switchboard_tasks"), "switchboard_tasks_total", "state",
                "COMPLETED") >= 1, families.toString());
        assertTrue(value(families.getJsonObject("switchboard_agents_threads"), "switchboard_agents_threads") >= 1);
        assertTrue(families.containsKey("switchboard_streams_open"), families.keySet().toString());
        assertTrue(families.containsKey("switchboard_store_commit_seconds"), families.keySet().toString());
    }

    /** The value of the sample of that name whose labels include the given pairs; -1 when none. */
    private static double value(JsonObject family, String sample, String... labels) {
        for (JsonValue each : family.getJsonArray("samples")) {
            JsonObject candidate = each.asJsonObject();
            if (!candidate.getString("name").equals(sample)) {
                continue;
            }
            JsonObject have = candidate.getJsonObject("labels");
            boolean matches = true;
            for (int i = 0; i < labels.length; i += 2) {
                matches &= labels[i + 1].equals(have.getString(labels[i], null));
            }
            if (matches) {
                return candidate.getJsonNumber("value").doubleValue();
            }
        }
        return -1;
    }

    private static JsonObject parse(String text) throws IOException, InterruptedException {
        assertTrue(Files.isExecutable(Path.of(PYTHON)), PYTHON + " is needed to parse the scrape");
        Process parser = new ProcessBuilder(PYTHON, "-c", PARSE).redirectErrorStream(false).start();
        try (OutputStream in = parser.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        String out;
        String err;
        try (InputStream stdout = parser.getInputStream(); InputStream stderr = parser.getErrorStream()) {
            out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
            err = new String(stderr.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(parser.waitFor(30, TimeUnit.SECONDS), "the parser did not end");
        assertEquals(0, parser.exitValue(), "Prometheus's parser refused the scrape (is python3-prometheus-client "
                + "installed?): " + err + "\n" + text);
        try (JsonReader reader = Json.createReader(new StringReader(out))) {
            return reader.readObject();
        }
    }
}
