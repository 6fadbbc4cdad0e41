package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.PublishedCard;
import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import dev.switchboard.web.filter.Exchange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The card's servlet while its documents are still being signed, and when signing failed. */
class AgentCardServletTest {
    private static final String CARD = "/.well-known/agent-card.json";

    @TempDir
    Path temp;

    private AgentCardDocuments documents() {
        Settings settings = new SettingsLoader(name -> null, name -> null,
                Map.of("SWITCHBOARD_DATA_DIR", temp.toString(), "SWITCHBOARD_PUBLIC_URL", "https://agent.example.com"))
                .load();
        return AgentCardDocuments.render(PublishedCard.build(settings, List.of(), List.of()));
    }

    @Test
    void aRequestThatComesBeforeTheSignedCardWaitsForIt() throws Exception {
        CompletableFuture<AgentCardDocuments> signing = new CompletableFuture<>();
        AgentCardServlet servlet = new AgentCardServlet(signing, Instant.parse("2026-12-03T10:00:00Z"), true);
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Exchange exchange = new Exchange("GET", CARD);
            Future<?> served = caller.submit(() -> {
                servlet.service(exchange.request, exchange.response);
                return null;
            });
            Thread.sleep(200);
            assertFalse(served.isDone(), "the request waits while the card is signed");
            AgentCardDocuments documents = documents();
            signing.complete(documents);
            served.get(10, TimeUnit.SECONDS);
            assertEquals(200, exchange.status());
            assertEquals(new String(documents.forVersion(null), StandardCharsets.UTF_8), exchange.responseBody());
            assertNotNull(exchange.responseHeader("ETag"));
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void aCardThatCouldNotBeSignedIsNotServedUnsigned() throws Exception {
        AgentCardServlet servlet = new AgentCardServlet(
                CompletableFuture.failedFuture(new IllegalStateException("the card could not be signed")),
                Instant.parse("2026-12-03T10:00:00Z"), true);
        Exchange exchange = new Exchange("GET", CARD);
        servlet.service(exchange.request, exchange.response);
        assertEquals(503, exchange.status());
        assertTrue(exchange.responseBody().contains("could not be signed"), exchange.responseBody());
        assertFalse(exchange.responseBody().contains("IllegalStateException"), "no Java detail reaches the client");
    }
}
