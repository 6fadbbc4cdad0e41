package dev.switchboard.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** Shared helpers: JSON literals, golden files, and the invalid-params assertion. */
final class JsonTesting {
    private JsonTesting() {
    }

    /** Parses a JSON literal written with single quotes, to keep the tests readable. */
    static JsonValue value(String singleQuoted) {
        try (JsonReader reader = Json.createReader(new StringReader(singleQuoted.replace('\'', '"')))) {
            return reader.readValue();
        }
    }

    static JsonObject json(String singleQuoted) {
        return value(singleQuoted).asJsonObject();
    }

    /** A golden document from {@code src/test/resources/golden/v1}. */
    static JsonObject golden(String name) {
        String resource = "/golden/v1/" + name + ".json";
        try (InputStream in = JsonTesting.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            try (JsonReader reader = Json.createReader(in)) {
                return reader.readObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Equal as JSON values, and every object's keys in the same order, so the proto field order of
     * the goldens is checked too.
     */
    static void assertJson(JsonValue expected, JsonValue actual) {
        assertEquals(expected, actual);
        assertSameKeyOrder(expected, actual, "$");
    }

    private static void assertSameKeyOrder(JsonValue expected, JsonValue actual, String where) {
        if (expected instanceof JsonObject e && actual instanceof JsonObject a) {
            assertEquals(new ArrayList<>(e.keySet()), new ArrayList<>(a.keySet()), "key order at " + where);
            for (String key : e.keySet()) {
                assertSameKeyOrder(e.get(key), a.get(key), where + "." + key);
            }
        } else if (expected.getValueType() == JsonValue.ValueType.ARRAY) {
            List<JsonValue> e = expected.asJsonArray();
            List<JsonValue> a = actual.asJsonArray();
            for (int i = 0; i < e.size(); i++) {
                assertSameKeyOrder(e.get(i), a.get(i), where + "[" + i + "]");
            }
        }
    }

    /** Asserts a -32602 whose single field violation names {@code field}; returns it for more checks. */
    static A2AException assertInvalid(String field, Executable decode) {
        A2AException e = assertThrows(A2AException.class, decode);
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertEquals(-32602, e.error().jsonRpcCode());
        assertEquals(1, e.violations().size(), () -> "violations: " + e.violations());
        assertEquals(field, e.violations().get(0).field(), () -> "message: " + e.getMessage());
        return e;
    }
}
