package dev.switchboard.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** JSON-RPC 1.0 calls and SSE reading against the deployed server. */
final class JsonRpc {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .cookieHandler(Http.COOKIES).build();
    private static final AtomicInteger IDS = new AtomicInteger();

    private final Http http;

    JsonRpc(Http http) {
        this.http = http;
    }

    static JsonObject userMessage(String text) {
        return message(text).build();
    }

    /** A user message for the test skill, which it names in its metadata. */
    static JsonObjectBuilder message(String text) {
        return Json.createObjectBuilder()
                .add("messageId", UUID.randomUUID().toString())
                .add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", text)))
                .add("metadata", Json.createObjectBuilder().add("skill", "echo"));
    }

    static String envelope(String method, JsonObject params) {
        return Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", IDS.incrementAndGet())
                .add("method", method).add("params", params).build().toString();
    }

    /** The whole JSON-RPC response. */
    JsonObject call(String method, JsonObject params) {
        HttpResponse<String> response = http.send(http.request("/a2a/jsonrpc")
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString(envelope(method, params))).build());
        if (response.statusCode() != 200) {
            throw new AssertionError("HTTP " + response.statusCode() + ": " + response.body());
        }
        return Http.json(response);
    }

    /** The result, failing on an error. */
    JsonObject result(String method, JsonObject params) {
        JsonObject response = call(method, params);
        if (response.containsKey("error")) {
            throw new AssertionError(method + " failed: " + response);
        }
        return response.getJsonObject("result");
    }

    /** The error code of a call that must fail. */
    int errorCode(String method, JsonObject params) {
        JsonObject response = call(method, params);
        if (!response.containsKey("error")) {
            throw new AssertionError(method + " should have failed: " + response);
        }
        return response.getJsonObject("error").getInt("code");
    }

    static JsonObject send(String text) {
        return Json.createObjectBuilder().add("message", userMessage(text)).build();
    }

    static JsonObject id(String taskId) {
        return Json.createObjectBuilder().add("id", taskId).build();
    }

    /** One SSE event: its id (or null) and its data parsed. */
    record Event(String id, JsonObject data) {
    }

    /** A streaming call, read to the end of the stream. */
    Stream stream(String method, JsonObject params, String... headers) {
        HttpRequest.Builder request = http.request("/a2a/jsonrpc")
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(envelope(method, params)));
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            HttpResponse<InputStream> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            return new Stream(response);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An open event stream. */
    static final class Stream implements AutoCloseable {
        final HttpResponse<InputStream> response;
        private final BufferedReader reader;

        Stream(HttpResponse<InputStream> response) {
            this.response = response;
            this.reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
        }

        String contentType() {
            return response.headers().firstValue("Content-Type").orElse("");
        }

        /** The next event, or null at the end of the stream; heartbeats are skipped. */
        Event next() throws IOException {
            String id = null;
            StringBuilder data = new StringBuilder();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        return new Event(id, Json.createReader(new StringReader(data.toString())).readObject());
                    }
                    id = null;
                    continue;
                }
                if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).trim());
                }
            }
            return null;
        }

        List<Event> rest() throws IOException {
            List<Event> events = new ArrayList<>();
            Event event;
            while ((event = next()) != null) {
                events.add(event);
            }
            return events;
        }

        @Override
        public void close() throws IOException {
            response.body().close();
        }
    }
}
