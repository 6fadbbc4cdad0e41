package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayInputStream;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonbBodyProviderTest {
    private final JsonbBodyProvider provider = new JsonbBodyProvider(JsonbBuilder.create());

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object read(String body) throws Exception {
        return provider.readFrom((Class) Map.class, Map.class, new Annotation[0], MediaType.APPLICATION_JSON_TYPE,
                null, new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aBodyNestingDeeperThanTheLimitIsABadRequest() {
        WebApplicationException e = assertThrows(WebApplicationException.class,
                () -> read("{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000)));
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void shallowBodiesAreBound() throws Exception {
        assertEquals(Map.of("a", Map.of("b", "c")), read("{\"a\":{\"b\":\"c\"}}"));
        assertEquals(400, assertThrows(WebApplicationException.class, () -> read("{\"a\":")).getResponse().getStatus());
    }
}
