package dev.switchboard.protocol.json;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Writers for the ProtoJSON rule of leaving default values out: null and empty strings, empty
 * repeated fields and false booleans are not written.
 */
public final class ProtoWriter {
    private static final JsonBuilderFactory FACTORY = JsonFactory.createBuilderFactory(Map.of());

    private ProtoWriter() {
    }

    /** A new object builder from a shared factory, so no provider lookup happens per call. */
    public static JsonObjectBuilder objectBuilder() {
        return FACTORY.createObjectBuilder();
    }

    /** A new array builder from the shared factory. */
    public static JsonArrayBuilder arrayBuilder() {
        return FACTORY.createArrayBuilder();
    }

    /** Adds a string field unless it is null or empty, proto3's default. */
    public static void putString(JsonObjectBuilder json, String name, String value) {
        if (value != null && !value.isEmpty()) {
            json.add(name, value);
        }
    }

    /** Adds a repeated string field unless it has no elements. */
    public static void putStrings(JsonObjectBuilder json, String name, List<String> values) {
        if (values != null && !values.isEmpty()) {
            JsonArrayBuilder array = FACTORY.createArrayBuilder();
            for (String value : values) {
                array.add(value);
            }
            json.add(name, array);
        }
    }

    /** Adds an object field (a Struct, or an already encoded message) unless it is null. */
    public static void putObject(JsonObjectBuilder json, String name, JsonObject value) {
        if (value != null) {
            json.add(name, value);
        }
    }

    /** Adds a bool field only when true, since false is the default ProtoJSON leaves out. */
    public static void putTrue(JsonObjectBuilder json, String name, boolean value) {
        if (value) {
            json.add(name, JsonValue.TRUE);
        }
    }

    /** Adds a timestamp field in the 1.0 wire form unless it is null. */
    public static void putTimestamp(JsonObjectBuilder json, String name, Instant value) {
        if (value != null) {
            json.add(name, ProtoTimestamps.format(value));
        }
    }
}
