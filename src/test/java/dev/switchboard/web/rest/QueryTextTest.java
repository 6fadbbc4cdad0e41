package dev.switchboard.web.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assertions;

class QueryTextTest {
    @Test
    void decodesPercentEscapesAsUtf8AndPlusAsASpace() {
        assertEquals("ctx-1", QueryText.decoded("ctx-1"));
        assertEquals("a b c", QueryText.decoded("a+b%20c"));
        assertEquals("grüße 👋", QueryText.decoded("gr%C3%BC%C3%9Fe%20%F0%9F%91%8B"));
        assertEquals("100%", QueryText.decoded("100%25"));
        assertEquals("2025-10-28T10:30:00.000Z", QueryText.decoded("2025-10-28T10%3A30%3A00.000Z"));
    }

    @Test
    void refusesWhatDoesNotDecode() {
        for (String raw : new String[] {"%FF%FE", "%C3", "%C0%AF", "%ED%A0%80", "%Z1", "%4", "abc%", "%%"}) {
            assertNull(QueryText.decoded(raw), raw);
        }
    }

    @Test
    void aRouteRefusesAParameterItReadsThatDoesNotDecodeAndIgnoresTheOthers() {
        A2AException e = Assertions.assertThrows(A2AException.class, () -> RestRequests.query(
                Map.of("context_id", List.of("%FF")), List.of("contextId", "pageSize")));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertEquals("Invalid context_id: is not percent-encoded UTF-8", e.getMessage());
        assertEquals("{\"contextId\":\"a b\"}", RestRequests.query(
                Map.of("contextId", List.of("a+b"), "unread", List.of("%FF"), "%FF", List.of("x")),
                List.of("contextId", "pageSize")).build().toString());
        assertEquals("{\"pageSize\":\"5\"}", RestRequests.query(Map.of("page%53ize", List.of("5")),
                List.of("pageSize")).build().toString());
    }
}
