package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bodies larger than HTTP/2's first flow-control window, sent by the JDK's HTTP client (the official
 * Java SDK's) over h2c to a connector set up as README's deployment guide says, with the default
 * body limit (4 MB): the server answers each, whether it takes the body or refuses it unread, and
 * never closes the connection under the client.
 *
 * <p>Before: with Tomcat's default window (65,535 bytes) the client's frames drifted out of line
 * with its 16 KB buffers into one-byte DATA frames, which Tomcat's overhead protection counts as
 * abuse ("Too much overhead", GOAWAY): about half of all uploads of 200 KB or more failed. And a
 * refusal sent while the client was still uploading (404, 405, 415) left the body unread; Tomcat
 * reset the stream, the JDK 17 client went on sending, and the connection was closed: again about
 * half of them.
 */
class Http2BodiesIT {
    private static final int ROUNDS = 10;

    @TempDir
    static Path temp;
    private static TomcatProcess tomcat;
    private static URI h2c;

    @BeforeAll
    static void start() throws Exception {
        int port = ServerProcess.freePort();
        tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"), Deployments.builtWar(),
                List.of("switchboard.limit.anonymous.per.minute=0", "switchboard.limit.anonymous.tasks.per.minute=0",
                        "switchboard.limit.daily=0"),
                TomcatProcess.h2cConnector(port));
        tomcat.start();
        h2c = URI.create("http://127.0.0.1:" + port);
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Test
    void largeMessagesAreAnswered() throws Exception {
        String text = "x".repeat(600_000);
        String body = JsonRpc.envelope("SendMessage", Json.createObjectBuilder()
                .add("message", JsonRpc.userMessage(text)).build());
        List<String> outcomes = outcomes(ROUNDS, () -> HttpRequest.newBuilder(h2c.resolve("/a2a/jsonrpc"))
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertEquals(List.of("HTTP_2 200 task"), distinct(outcomes), outcomes.toString());
    }

    @Test
    void largeBodiesRefusedUnreadAreAnswered() throws Exception {
        String body = "{\"pad\":\"" + "x".repeat(300_000) + "\"}";
        List<String> outcomes = new ArrayList<>();
        for (String[] refusal : new String[][] {{"/health", "application/json"}, {"/no/such/path", "application/json"},
                {"/a2a/jsonrpc", "text/plain"}}) {
            outcomes.addAll(outcomes(ROUNDS, () -> HttpRequest.newBuilder(h2c.resolve(refusal[0]))
                    .header("Content-Type", refusal[1]).POST(HttpRequest.BodyPublishers.ofString(body))));
        }
        assertEquals(List.of("HTTP_2 405 error", "HTTP_2 404 error", "HTTP_2 415 error"), distinct(outcomes),
                outcomes.toString());
    }

    /** Each call's HTTP version, status and what its JSON carries, or the failure that replaced it. */
    private static List<String> outcomes(int rounds, java.util.function.Supplier<HttpRequest.Builder> request)
            throws InterruptedException {
        // a client of its own: its first request upgrades its connection to h2c
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        try {
            client.send(HttpRequest.newBuilder(h2c.resolve("/health")).build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new AssertionError("the server is not answering", e);
        }
        List<String> outcomes = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            // bounded here: a JDK 17 client whose connection is closed mid-upload may never complete
            // the call, and its request timeout covers only the wait for the answer's headers
            CompletableFuture<HttpResponse<String>> call = client.sendAsync(request.get().build(),
                    HttpResponse.BodyHandlers.ofString());
            try {
                HttpResponse<String> response = call.get(30, TimeUnit.SECONDS);
                outcomes.add(response.version() + " " + response.statusCode() + " " + carried(response.body()));
            } catch (ExecutionException e) {
                outcomes.add(e.getCause().toString());
            } catch (TimeoutException e) {
                call.cancel(true);
                outcomes.add("no answer in 30 s");
                break;
            }
        }
        return outcomes;
    }

    private static String carried(String body) {
        JsonObject json = Json.createReader(new StringReader(body)).readObject();
        if (json.containsKey("result")) {
            return json.getJsonObject("result").containsKey("task") ? "task" : "result";
        }
        assertTrue(json.containsKey("error"), body);
        return "error";
    }

    private static List<String> distinct(List<String> outcomes) {
        return outcomes.stream().distinct().toList();
    }
}
