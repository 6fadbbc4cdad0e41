package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class BoundedJsonReaderTest {
    /** {@code levels} nested objects or arrays around a number, alternating from an object. */
    static String nested(int levels) {
        StringBuilder json = new StringBuilder();
        for (int i = 0; i < levels; i++) {
            json.append(i % 2 == 0 ? "{\"k\":" : "[");
        }
        json.append('1');
        for (int i = levels - 1; i >= 0; i--) {
            json.append(i % 2 == 0 ? '}' : ']');
        }
        return json.toString();
    }

    private static JsonValue read(String json, int maxDepth) {
        return BoundedJsonReader.read(new StringReader(json), maxDepth);
    }

    private static byte[] bytes(String prefix, int[] sequence, String suffix) {
        byte[] head = prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] tail = suffix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + sequence.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        for (int i = 0; i < sequence.length; i++) {
            all[head.length + i] = (byte) sequence[i];
        }
        System.arraycopy(tail, 0, all, head.length + sequence.length, tail.length);
        return all;
    }

    @Test
    void aBodyIsReadAsUtf8AndRefusedWhenItIsNot() {
        assertEquals(Json.createValue("grüße 👋"),
                BoundedJsonReader.read("{\"t\":\"grüße 👋\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        2).asJsonObject().get("t"));
        // a byte order mark is ignored, as RFC 8259 allows
        assertEquals(Json.createValue(1), BoundedJsonReader.read(bytes("", new int[] {0xEF, 0xBB, 0xBF}, "{\"a\":1}"), 2)
                .asJsonObject().get("a"));
        int[][] notUtf8 = {
            {0xFF}, // never in UTF-8
            {0xC3}, // a sequence cut short
            {0xC0, 0xAF}, // an overlong '/'
            {0xED, 0xA0, 0x80}, // a surrogate
            {0x80}, // a continuation byte alone
        };
        for (int[] sequence : notUtf8) {
            assertThrows(BoundedJsonReader.NotUtf8.class,
                    () -> BoundedJsonReader.read(bytes("{\"t\":\"a", sequence, "b\"}"), 2),
                    java.util.Arrays.toString(sequence));
        }
        // escapes that leave a surrogate unpaired make text no UTF-8 can carry; a pair is a character
        assertEquals(Json.createValue("\ud83d\udc4b"), BoundedJsonReader.read("[\"\\ud83d\\udc4b\"]".getBytes(), 2)
                .asJsonArray().get(0));
        for (String json : new String[] {"[\"a\\ud800b\"]", "[\"\\udc00\"]", "[\"\\udc4b\\ud83d\"]",
                "{\"\\ud800\":1}", "\"\\ud800\"", "{\"a\":[{\"b\":\"x\\ud800\"}]}"}) {
            BoundedJsonReader.NotUtf8 e = assertThrows(BoundedJsonReader.NotUtf8.class,
                    () -> BoundedJsonReader.read(json.getBytes(), 5), json);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(
                    "a string holds an unpaired surrogate, which UTF-8 cannot carry (line 1, column "), e.getMessage());
        }
        // what is not JSON stays a parsing error, and a deep one names its limit, as before
        assertThrows(JsonParsingException.class, () -> BoundedJsonReader.read("{\"a\":".getBytes(), 2));
        assertThrows(BoundedJsonReader.TooDeep.class, () -> BoundedJsonReader.read("[[[1]]]".getBytes(), 2));
    }

    @Test
    void readsWhatTheProviderReads() {
        String json = "{\"a\":[1,2.5,\"x\",true,false,null,{}],\"b\":{\"c\":{\"d\":[[]]}},\"a2\":-7e3,\"\":\"\"}";
        assertEquals(Json.createReader(new StringReader(json)).readValue(), read(json, 10));
        assertEquals(Json.createValue("s"), read("\"s\"", 1));
        assertEquals(JsonValue.EMPTY_JSON_ARRAY, read(" [ ] ", 1));
    }

    @Test
    void aDocumentAtTheLimitIsRead() {
        JsonValue value = read(nested(BoundedJsonReader.MAX_DEPTH), BoundedJsonReader.MAX_DEPTH);
        assertEquals(BoundedJsonReader.MAX_DEPTH, BoundedJsonReader.depth(value));
    }

    @Test
    void oneLevelMoreIsRefusedWhereItPassesTheLimit() {
        BoundedJsonReader.TooDeep e = assertThrows(BoundedJsonReader.TooDeep.class,
                () -> read(nested(BoundedJsonReader.MAX_DEPTH + 1), BoundedJsonReader.MAX_DEPTH));
        assertEquals(BoundedJsonReader.MAX_DEPTH, e.limit());
        assertEquals(1, e.getLocation().getLineNumber());
    }

    @Test
    void tenThousandLevelsOfObjectsOrArraysAreRefused() {
        assertThrows(BoundedJsonReader.TooDeep.class, () -> read(nested(10_000), BoundedJsonReader.MAX_DEPTH));
        assertThrows(BoundedJsonReader.TooDeep.class,
                () -> read("[".repeat(10_000) + "]".repeat(10_000), BoundedJsonReader.MAX_DEPTH));
        assertThrows(BoundedJsonReader.TooDeep.class,
                () -> read("{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000), BoundedJsonReader.MAX_DEPTH));
    }

    @Test
    void brokenOrIncompleteDocumentsAreParseErrors() {
        for (String json : new String[] {"", "{", "[1,", "{\"a\" 1}", "{} {}", "nope"}) {
            assertThrows(JsonParsingException.class, () -> read(json, 10), json);
        }
    }

    @Test
    void depthCountsObjectsAndArrays() {
        assertEquals(0, BoundedJsonReader.depth(Json.createValue(1)));
        assertEquals(1, BoundedJsonReader.depth(JsonValue.EMPTY_JSON_OBJECT));
        assertEquals(3, BoundedJsonReader.depth(read("{\"a\":1,\"b\":[2,{\"c\":3}],\"d\":[]}", 10)));
        JsonValue deep = Json.createValue(1);
        for (int i = 0; i < 10_000; i++) {
            deep = Json.createArrayBuilder().add(deep).build();
        }
        assertEquals(10_000, BoundedJsonReader.depth(deep), "counted without recursion");
    }
}
