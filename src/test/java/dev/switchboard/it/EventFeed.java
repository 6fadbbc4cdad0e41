package dev.switchboard.it;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * An event stream read on a thread of its own, so a test waits for it with a deadline: a stream
 * that never ends, or ends early, fails the test with what arrived rather than hanging it. The
 * payload of an event is the StreamResponse, whichever binding carried it.
 */
final class EventFeed implements AutoCloseable {
    private final JsonRpc.Stream stream;
    private final List<JsonRpc.Event> events = new CopyOnWriteArrayList<>();
    private volatile boolean ended;
    private volatile Exception failure;

    private EventFeed(JsonRpc.Stream stream, String name) {
        this.stream = stream;
        Thread reader = new Thread(this::read, "event-feed-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts reading the stream; {@code name} says which stream it is in failure messages. */
    static EventFeed of(JsonRpc.Stream stream, String name) {
        if (stream.response.statusCode() != 200) {
            throw new AssertionError(name + ": HTTP " + stream.response.statusCode());
        }
        return new EventFeed(stream, name);
    }

    private void read() {
        try {
            for (JsonRpc.Event event; (event = stream.next()) != null; ) {
                events.add(event);
            }
        } catch (IOException e) {
            failure = e;
        } finally {
            ended = true;
        }
    }

    /** The StreamResponse of an event: the JSON-RPC result, or the HTTP+JSON event as it is. */
    static JsonObject payload(JsonRpc.Event event) {
        JsonObject data = event.data();
        if (data.containsKey("error")) {
            throw new AssertionError("an error in the stream: " + data);
        }
        return data.containsKey("result") ? data.getJsonObject("result") : data;
    }

    /** The state a status update or a task event reports, or null for another event. */
    static String state(JsonRpc.Event event) {
        JsonObject payload = payload(event);
        JsonObject holder = payload.containsKey("statusUpdate") ? payload.getJsonObject("statusUpdate")
                : payload.containsKey("task") ? payload.getJsonObject("task") : null;
        return holder == null ? null : holder.getJsonObject("status").getString("state");
    }

    /** The events so far. */
    List<JsonRpc.Event> events() {
        return List.copyOf(events);
    }

    /** Waits until the events so far satisfy the condition, and returns them. */
    List<JsonRpc.Event> await(Predicate<List<JsonRpc.Event>> done, Duration within, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            List<JsonRpc.Event> now = events();
            if (done.test(now)) {
                return now;
            }
            if (ended) {
                throw new AssertionError("the stream ended before " + what + " (" + failure + "): " + now);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no " + what + " within " + within.toSeconds() + " s: " + events());
    }

    /** Waits until the server ends the stream, and returns every event it carried. */
    List<JsonRpc.Event> awaitEnd(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!ended && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        if (!ended) {
            close();
            throw new AssertionError("the stream did not end within " + within.toSeconds() + " s: " + events());
        }
        if (failure != null) {
            throw new AssertionError("the stream broke: " + failure + " after " + events(), failure);
        }
        return events();
    }

    @Override
    public void close() {
        try {
            stream.close();
        } catch (IOException e) {
            // closing a stream that broke
        }
    }
}
