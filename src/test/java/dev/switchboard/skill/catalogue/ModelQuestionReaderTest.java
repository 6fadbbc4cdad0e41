package dev.switchboard.skill.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.ModelEndpoint;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The model reader against a fake OpenAI-compatible server on a loopback port. */
class ModelQuestionReaderTest {
    private HttpServer server;
    private final AtomicReference<String> reply = new AtomicReference<>();
    private final AtomicReference<String> lastRequest = new AtomicReference<>();
    private volatile long delayMillis;
    private CatalogueSkill skill;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            lastRequest.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = Json.createObjectBuilder().add("choices", Json.createArrayBuilder().add(
                    Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                            .add("role", "assistant").add("content", reply.get())))).build().toString()
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        skill = new CatalogueSkill();
        try (InputStream in = getClass().getResourceAsStream("/catalogue/test-catalogue.json")) {
            skill.load(in.readAllBytes(), "test catalogue");
        }
        skill.useModel(new ModelQuestionReader(new ModelEndpoint(URI.create("http://127.0.0.1:"
                + server.getAddress().getPort() + "/v1"), "tiny", "model-key", Duration.ofSeconds(1))));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static List<String> ids(ModelQuestionReader.Reading reading, CatalogueSkill skill) {
        return CatalogueAnswer.answer(skill.catalogue(), reading.query()).data().getJsonArray("rows")
                .getValuesAs(JsonValue::asJsonObject).stream().map(row -> row.getString("id")).toList();
    }

    @Test
    void aGoodAnswerBecomesCatalogueConstraints() {
        reply.set("{\"kinds\":[\"sdk\"],\"languages\":[\"Java\"],\"streaming\":true,\"openSource\":true,"
                + "\"weather\":\"sunny\",\"named\":[\"crewai\"]}");
        ModelQuestionReader.Reading reading = skill.read("something for the coffee language with live updates", false);
        assertEquals("model", reading.understood());
        assertEquals(List.of("a2a-java"), ids(reading, skill), "unknown keys dropped; the model names nothing");
        JsonObject sent = Json.createReader(new java.io.StringReader(lastRequest.get())).readObject();
        assertEquals(0, sent.getInt("temperature"));
        assertEquals(512, sent.getInt("max_tokens"));
        assertTrue(!lastRequest.get().contains("CrewAI") && !lastRequest.get().contains("a2a-java"),
                "the model never sees the catalogue");
    }

    @Test
    void longQuestionsAreCut() {
        reply.set("{}");
        skill.read("x".repeat(5000), false);
        JsonObject sent = Json.createReader(new java.io.StringReader(lastRequest.get())).readObject();
        assertEquals(800, sent.getJsonArray("messages").getJsonObject(1).getString("content").length());
    }

    @Test
    void garbageFallsBackToKeywords() {
        reply.set("I think you want Java, probably.");
        ModelQuestionReader.Reading reading = skill.read("open source Java SDK with streaming", false);
        assertEquals("keywords", reading.understood());
        assertEquals(List.of("a2a-java"), ids(reading, skill));
    }

    @Test
    void aSlowModelFallsBackToKeywords() {
        reply.set("{\"kinds\":[\"framework\"]}");
        delayMillis = 3000;
        long start = System.nanoTime();
        ModelQuestionReader.Reading reading = skill.read("Which frameworks have no A2A support?", false);
        assertEquals("keywords", reading.understood());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 2900, "the timeout bounds the wait");
        assertEquals(List.of("dspy"), ids(reading, skill));
    }

    @Test
    void anonymousCallersAlwaysGetTheKeywordReader() {
        reply.set("{\"kinds\":[\"framework\"]}");
        lastRequest.set(null);
        assertEquals("keywords", skill.read("Which frameworks have no A2A support?", true).understood());
        assertEquals(null, lastRequest.get(), "the model was not asked");
    }
}
