package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.PublishedCard;
import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
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
            Response response = new Response();
            Future<?> served = caller.submit(() -> {
                servlet.service(request(), response.proxy);
                return null;
            });
            Thread.sleep(200);
            assertFalse(served.isDone(), "the request waits while the card is signed");
            AgentCardDocuments documents = documents();
            signing.complete(documents);
            served.get(10, TimeUnit.SECONDS);
            assertEquals(200, response.status);
            assertEquals(new String(documents.forVersion(null), StandardCharsets.UTF_8), response.body());
            assertNotNull(response.headers.get("ETag"));
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void aCardThatCouldNotBeSignedIsNotServedUnsigned() throws Exception {
        AgentCardServlet servlet = new AgentCardServlet(
                CompletableFuture.failedFuture(new IllegalStateException("the card could not be signed")),
                Instant.parse("2026-12-03T10:00:00Z"), true);
        Response response = new Response();
        servlet.service(request(), response.proxy);
        assertEquals(503, response.status);
        assertTrue(response.body().contains("could not be signed"), response.body());
        assertFalse(response.body().contains("IllegalStateException"), "no Java detail reaches the client");
    }

    private static HttpServletRequest request() {
        return (HttpServletRequest) Proxy.newProxyInstance(AgentCardServletTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getMethod" -> "GET";
                    case "getRequestURI" -> "/.well-known/agent-card.json";
                    case "getAttribute", "getHeader" -> null;
                    default -> throw new UnsupportedOperationException("request." + m.getName());
                });
    }

    /** Keeps what the servlet sets; anything it was not expected to call fails the test. */
    private static final class Response {
        final Map<String, String> headers = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        int status = 200;
        final HttpServletResponse proxy = (HttpServletResponse) Proxy.newProxyInstance(
                AgentCardServletTest.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class},
                (p, m, args) -> switch (m.getName()) {
                    case "setHeader" -> headers.put((String) args[0], (String) args[1]);
                    case "setDateHeader" -> headers.put((String) args[0], String.valueOf(args[1]));
                    case "setStatus" -> status = (int) args[0];
                    case "setContentType", "setContentLength", "resetBuffer" -> null;
                    case "isCommitted" -> false;
                    case "getOutputStream" -> output();
                    default -> throw new UnsupportedOperationException("response." + m.getName());
                });

        String body() {
            return body.toString(StandardCharsets.UTF_8);
        }

        private ServletOutputStream output() {
            return new ServletOutputStream() {
                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new UnsupportedOperationException();
                }
            };
        }
    }
}
