package dev.switchboard.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonParser;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * The JSON-P entry points of {@link jakarta.json.Json}, over one provider looked up once.
 * {@code Json}'s static methods look the provider up with a {@link java.util.ServiceLoader} on every
 * call, which inside a web application rescans the jars of {@code WEB-INF/lib}: on the request path
 * that cost more than the rest of a SendMessage's JSON work together.
 */
public final class JsonFactory {
    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonFactory() {
    }

    public static JsonObjectBuilder createObjectBuilder() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonArrayBuilder createArrayBuilder() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonArrayBuilder createArrayBuilder(Collection<?> values) {
        return PROVIDER.createArrayBuilder(values);
    }

    public static JsonObjectBuilder createObjectBuilder(JsonObject object) {
        return PROVIDER.createObjectBuilder(object);
    }

    public static JsonBuilderFactory createBuilderFactory(Map<String, ?> config) {
        return PROVIDER.createBuilderFactory(config);
    }

    public static JsonWriterFactory createWriterFactory(Map<String, ?> config) {
        return PROVIDER.createWriterFactory(config);
    }

    public static JsonGeneratorFactory createGeneratorFactory(Map<String, ?> config) {
        return PROVIDER.createGeneratorFactory(config);
    }

    public static JsonReader createReader(Reader reader) {
        return PROVIDER.createReader(reader);
    }

    public static JsonReader createReader(InputStream in) {
        return PROVIDER.createReader(in);
    }

    public static JsonParser createParser(InputStream in) {
        return PROVIDER.createParser(in);
    }

    public static JsonParser createParser(Reader in) {
        return PROVIDER.createParser(in);
    }

    public static JsonString createValue(String value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(long value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(double value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(BigDecimal value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(BigInteger value) {
        return PROVIDER.createValue(value);
    }
}
