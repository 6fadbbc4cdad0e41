package dev.switchboard.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * One place to call the agent at, an instance or the front: JSON-RPC and HTTP+JSON calls, event
 * streams on both, and the instance's own /health. Calls carry the tests' caller cookie, which
 * every instance takes, so a task started on one is the same caller's on the others.
 */
final class Node {
    private static final HttpClient STREAMS = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .cookieHandler(Http.COOKIES).build();

    final String name;
    final Http http;
    final JsonRpc rpc;

    Node(String name, URL base) {
        this.name = name;
        this.http = new Http(base);
        this.rpc = new JsonRpc(http);
    }

    /** A first message for the test skill; blocking unless {@code returnImmediately}. */
    static JsonObject send(String text, boolean returnImmediately) {
        return Json.createObjectBuilder().add("message", JsonRpc.userMessage(text))
                .add("configuration", Json.createObjectBuilder().add("returnImmediately", returnImmediately)).build();
    }

    JsonObject getTask(String taskId) {
        return rpc.result("GetTask", JsonRpc.id(taskId));
    }

    /** A task's state as this instance reads it. */
    String state(String taskId) {
        return getTask(taskId).getJsonObject("status").getString("state");
    }

    /** Skills working on a message on this instance now. */
    int runningAgents() {
        return Http.json(http.get("/health")).getInt("runningAgents");
    }

    /** An HTTP+JSON call's JSON answer, failing unless it is a 200. */
    JsonObject rest(String method, String path, String body, String... headers) {
        HttpRequest.Builder request = http.request(path).header("Content-Type", "application/json")
                .header("A2A-Version", "1.0").method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        HttpResponse<String> response = http.send(request.build());
        if (response.statusCode() != 200) {
            throw new AssertionError(method + " " + path + " on " + name + ": HTTP " + response.statusCode() + " "
                    + response.body());
        }
        return Http.json(response);
    }

    /** A JSON-RPC streaming call, read on a thread of its own. */
    EventFeed stream(String method, JsonObject params, String... headers) {
        return EventFeed.of(rpc.stream(method, params, headers), method + " on " + name);
    }

    /** An HTTP+JSON event stream ({@code message:stream}, {@code tasks/{id}:subscribe}), read on its own thread. */
    EventFeed restStream(String method, String path, String body, String... headers) {
        HttpRequest.Builder request = http.request(path).header("A2A-Version", "1.0")
                .header("Accept", "text/event-stream").header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            HttpResponse<InputStream> response = STREAMS.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            return EventFeed.of(new JsonRpc.Stream(response), method + " " + path + " on " + name);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The task's whole log as this instance replays it from the start (Last-Event-ID 0). */
    List<JsonRpc.Event> log(String taskId) throws InterruptedException {
        try (EventFeed replay = stream("SubscribeToTask", JsonRpc.id(taskId), "Last-Event-ID", "0")) {
            return replay.awaitEnd(Duration.ofSeconds(15));
        }
    }

    /** Polls a condition on this instance until it holds, for at most {@code within}. */
    <T> T poll(java.util.function.Supplier<T> read, Predicate<T> done, Duration within, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        T last = read.get();
        while (!done.test(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " on " + name + ": not within " + within.toSeconds() + " s, last "
                        + last);
            }
            Thread.sleep(100);
            last = read.get();
        }
        return last;
    }

    @Override
    public String toString() {
        return name;
    }
}
