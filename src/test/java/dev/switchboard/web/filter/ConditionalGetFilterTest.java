package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConditionalGetFilterTest {
    private static final byte[] CARD = "{\"name\":\"Agent\"}".getBytes(StandardCharsets.UTF_8);
    private final ConditionalGetFilter filter = new ConditionalGetFilter(Duration.ofSeconds(300));

    /** The card servlet: a body, its own strong tag, and a Last-Modified of 1 January 2026. */
    private static FilterChain card(String tag) {
        return (request, response) -> {
            HttpServletResponse http = (HttpServletResponse) response;
            assertNull(((jakarta.servlet.http.HttpServletRequest) request).getHeader("If-None-Match"),
                    "the servlet sees an unconditional GET");
            http.setContentType("application/json");
            if (tag != null) {
                http.setHeader("ETag", tag);
            }
            http.setDateHeader("Last-Modified", 1_767_225_600_000L);
            http.getOutputStream().write(CARD);
        };
    }

    @Test
    void aFullAnswerCarriesItsValidatorsAndCaching() throws Exception {
        Exchange exchange = new Exchange("GET", "/.well-known/agent-card.json");
        filter.doFilter(exchange.request, exchange.response, card("\"v1\""));
        assertEquals(200, exchange.status);
        assertEquals("\"v1\"", exchange.responseHeader("ETag"), "the servlet's strong tag is kept");
        assertEquals("public, max-age=300", exchange.responseHeader("Cache-Control"));
        assertEquals("A2A-Version", exchange.responseHeader("Vary"));
        assertEquals("{\"name\":\"Agent\"}", exchange.responseBody());
        assertTrue(exchange.responseHeader("Last-Modified").startsWith("Thu, 1 Jan 2026"),
                exchange.responseHeader("Last-Modified"));
    }

    @Test
    void aMatchingTagOrAnUnchangedDateIs304WithNoBody() throws Exception {
        Exchange tagged = new Exchange("GET", "/.well-known/agent-card.json").header("If-None-Match", "W/\"v1\"");
        filter.doFilter(tagged.request, tagged.response, card("\"v1\""));
        assertEquals(304, tagged.status);
        assertEquals("", tagged.responseBody());
        assertEquals("\"v1\"", tagged.responseHeader("ETag"));

        Exchange dated = new Exchange("GET", "/catalogue.json")
                .header("If-Modified-Since", "Thu, 01 Jan 2026 00:00:00 GMT");
        filter.doFilter(dated.request, dated.response, card(null));
        assertEquals(304, dated.status);
        assertTrue(dated.responseHeader("ETag").startsWith("\""), "a tag from the content when the servlet sets none");

        Exchange stale = new Exchange("GET", "/.well-known/agent-card.json").header("If-None-Match", "\"v0\"")
                .header("If-Modified-Since", "Thu, 01 Jan 2026 00:00:00 GMT");
        filter.doFilter(stale.request, stale.response, card("\"v1\""));
        assertEquals(200, stale.status, "If-None-Match decides when present");
    }

    @Test
    void headGetsTheHeadersOfGetAndNoBody() throws Exception {
        Exchange head = new Exchange("HEAD", "/.well-known/agent-card.json");
        filter.doFilter(head.request, head.response, card("\"v1\""));
        assertEquals(200, head.status);
        assertEquals("\"v1\"", head.responseHeader("ETag"));
        assertEquals("", head.responseBody());
    }

    @Test
    void otherMethodsAndErrorsPassUntouched() throws Exception {
        Exchange post = new Exchange("POST", "/catalogue.json");
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(post.request, post.response, chain);
        assertEquals(post.request, chain.passed);

        Exchange missing = new Exchange("GET", "/catalogue.json");
        filter.doFilter(missing.request, missing.response, (request, response) ->
                ((HttpServletResponse) response).sendError(404));
        assertEquals(404, missing.errorSent, "the container's error page still runs");
        assertNull(missing.responseHeader("ETag"));
    }
}
