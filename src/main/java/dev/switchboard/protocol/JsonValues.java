package dev.switchboard.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Conversions between plain Java values (maps, lists, strings, numbers, booleans) and JSON-P. */
public final class JsonValues {
    private static final JsonWriterFactory COMPACT = JsonFactory.createWriterFactory(Map.of());

    private JsonValues() {
    }

    /** Compact UTF-8 JSON. */
    public static byte[] bytes(JsonStructure json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonWriter writer = COMPACT.createWriter(out)) {
            writer.write(json);
        }
        return out.toByteArray();
    }

    /**
     * Compact JSON text, written straight into a string: for a text column or a parser that
     * takes text, where {@link #bytes} would encode to UTF-8 (through an 8 KB buffer per call)
     * only for the caller to decode it again.
     */
    public static String text(JsonStructure json) {
        StringWriter out = new StringWriter(512);
        try (JsonWriter writer = COMPACT.createWriter(out)) {
            writer.write(json);
        }
        return out.toString();
    }

    /** A JSON value for a plain Java value; anything else is refused rather than guessed at. */
    public static JsonValue of(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        }
        if (value instanceof JsonValue json) {
            return json;
        }
        if (value instanceof String s) {
            return JsonFactory.createValue(s);
        }
        if (value instanceof Boolean b) {
            return b ? JsonValue.TRUE : JsonValue.FALSE;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return JsonFactory.createValue(((Number) value).longValue());
        }
        if (value instanceof BigInteger bi) {
            return JsonFactory.createValue(bi);
        }
        if (value instanceof BigDecimal bd) {
            return JsonFactory.createValue(bd);
        }
        if (value instanceof Number n) {
            return JsonFactory.createValue(n.doubleValue());
        }
        if (value instanceof Map<?, ?> map) {
            JsonObjectBuilder object = JsonFactory.createObjectBuilder();
            map.forEach((k, v) -> object.add(String.valueOf(k), of(v)));
            return object.build();
        }
        if (value instanceof Collection<?> items) {
            JsonArrayBuilder array = JsonFactory.createArrayBuilder();
            items.forEach(item -> array.add(of(item)));
            return array.build();
        }
        throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }

    /** A JSON array of strings. */
    public static JsonArrayBuilder strings(List<String> values) {
        JsonArrayBuilder array = JsonFactory.createArrayBuilder();
        values.forEach(array::add);
        return array;
    }

    /** Adds {@code name} only when the value is present, the ProtoJSON rule for unset fields. */
    public static void addIfPresent(JsonObjectBuilder object, String name, String value) {
        if (value != null) {
            object.add(name, value);
        }
    }

    /** Adds {@code name} only when the list has elements, the ProtoJSON rule for repeated fields. */
    public static void addIfNotEmpty(JsonObjectBuilder object, String name, List<String> values) {
        if (!values.isEmpty()) {
            object.add(name, strings(values));
        }
    }
}
