package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** JSON text and bytes of one document are the same compact JSON. */
class JsonValuesTest {

    @Test
    void textIsTheUtf8BytesDecoded() {
        JsonObject document = JsonFactory.createObjectBuilder()
                .add("text", "héllo \u2603 \uD83D\uDE00 \"quoted\" back\\slash\nline\ttab \u0001")
                .add("nested", JsonFactory.createArrayBuilder().add(1).add(2.5).add(true).addNull()
                        .add(JsonFactory.createObjectBuilder().add("k", "v")))
                .add("big", "x".repeat(20_000))
                .build();
        String text = JsonValues.text(document);
        assertEquals(new String(JsonValues.bytes(document), StandardCharsets.UTF_8), text);
        assertEquals(document, JsonFactory.createReader(new java.io.StringReader(text)).readObject());
    }
}
