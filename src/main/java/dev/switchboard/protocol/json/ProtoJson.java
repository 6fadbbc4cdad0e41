package dev.switchboard.protocol.json;

import dev.switchboard.protocol.A2AException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonValue.ValueType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What every 1.0 ProtoJSON codec shares: field lookup under both JSON names, typed readers that
 * answer bad input with a -32602 naming the field. {@link ProtoWriter} writes, {@link ProtoTimestamps}
 * handles timestamps.
 *
 * <p>Readers treat a JSON {@code null} like an absent field, as ProtoJSON parsers do, and never
 * complain about fields they do not know. A violation's field is a dotted path such as
 * {@code message.parts[0].raw}, always with the camelCase names, whichever spelling the client used.
 */
public final class ProtoJson {
    // No int32 needs more; a longer string is refused before BigDecimal spends time on it.
    private static final int MAX_NUMBER_CHARS = 32;

    // Field names are a small fixed set, so the snake_case spelling is worked out once per name.
    private static final Map<String, String> SNAKE_NAMES = new ConcurrentHashMap<>();

    private ProtoJson() {
    }

    // ---------------------------------------------------------------- paths and errors

    /** The path of {@code name} inside {@code parent}; an empty parent is the request itself. */
    public static String path(String parent, String name) {
        return parent.isEmpty() ? name : parent + '.' + name;
    }

    /** The path of element {@code index} of the repeated field at {@code path}. */
    public static String index(String path, int index) {
        return path + '[' + index + ']';
    }

    /** An invalid-params error (-32602) whose field violation names {@code path}. */
    public static A2AException invalid(String path, String description) {
        return A2AException.invalidField(path, description);
    }

    // ---------------------------------------------------------------- lookup

    /**
     * The value of a field under its camelCase name or, failing that, its proto (snake_case) name.
     *
     * @param camelName the JSON name, e.g. {@code messageId}
     * @return the value, {@link JsonValue#NULL} included, or null when neither name is present
     */
    public static JsonValue member(JsonObject object, String camelName) {
        JsonValue value = object.get(camelName);
        if (value == null) {
            String snake = snakeName(camelName);
            // Each capital adds an underscore, so an unchanged length means there is no other name.
            if (snake.length() != camelName.length()) {
                value = object.get(snake);
            }
        }
        return value;
    }

    /** Like {@link #member} but a JSON {@code null} counts as absent: the ProtoJSON reading of a field. */
    public static JsonValue field(JsonObject object, String camelName) {
        JsonValue value = member(object, camelName);
        return value == null || value.getValueType() == ValueType.NULL ? null : value;
    }

    /** {@code messageId} → {@code message_id}. */
    static String snakeName(String camelName) {
        String known = SNAKE_NAMES.get(camelName);
        if (known != null) {
            return known;
        }
        StringBuilder snake = null;
        for (int i = 0; i < camelName.length(); i++) {
            char c = camelName.charAt(i);
            if (Character.isUpperCase(c)) {
                if (snake == null) {
                    snake = new StringBuilder(camelName.length() + 4).append(camelName, 0, i);
                }
                snake.append('_').append(Character.toLowerCase(c));
            } else if (snake != null) {
                snake.append(c);
            }
        }
        String result = snake == null ? camelName : snake.toString();
        SNAKE_NAMES.putIfAbsent(camelName, result);
        return result;
    }

    // ---------------------------------------------------------------- typed readers

    /**
     * An optional string field. The empty string is proto3's default, so it reads as absent.
     *
     * @return the value, or null when absent, null or empty
     * @throws A2AException invalid params when the value is not a string
     */
    public static String string(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        if (value == null) {
            return null;
        }
        String text = asString(value, parent, name);
        return text.isEmpty() ? null : text;
    }

    /**
     * A required string field.
     *
     * @return the non-empty value
     * @throws A2AException invalid params when it is absent, empty or not a string
     */
    public static String requiredString(JsonObject object, String parent, String name) {
        String text = string(object, parent, name);
        if (text == null) {
            throw invalid(path(parent, name), "is required");
        }
        return text;
    }

    /**
     * An optional int32 field, given as a JSON number or as a numeric string (ProtoJSON allows
     * both). A value with a zero fraction such as {@code 10.0} or {@code 1e1} is accepted.
     *
     * @return the value, or null when absent
     * @throws A2AException invalid params when it is not an integer within the int32 range
     */
    public static Integer int32(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        if (value == null) {
            return null;
        }
        try {
            BigDecimal number;
            if (value instanceof JsonNumber json) {
                number = json.bigDecimalValue();
            } else if (value instanceof JsonString json && json.getString().length() <= MAX_NUMBER_CHARS) {
                number = new BigDecimal(json.getString());
            } else {
                throw invalid(path(parent, name), "must be an integer");
            }
            return number.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid(path(parent, name), "must be an integer");
        }
    }

    /**
     * An optional bool field: JSON {@code true}/{@code false}, or the strings {@code "true"} and
     * {@code "false"}, which ProtoJSON parsers accept too.
     *
     * @return the value, or null when absent so callers can tell "false" from "not sent"
     * @throws A2AException invalid params for anything else
     */
    public static Boolean bool(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        if (value == null) {
            return null;
        }
        if (value.getValueType() == ValueType.TRUE) {
            return Boolean.TRUE;
        }
        if (value.getValueType() == ValueType.FALSE) {
            return Boolean.FALSE;
        }
        if (value instanceof JsonString json) {
            if ("true".equals(json.getString())) {
                return Boolean.TRUE;
            }
            if ("false".equals(json.getString())) {
                return Boolean.FALSE;
            }
        }
        throw invalid(path(parent, name), "must be a boolean");
    }

    /**
     * An optional enum field, by its name or, as ProtoJSON also allows, by its number.
     *
     * @param byNumber     the constants in proto number order, so that the index is the number
     * @param fromWireName the lookup by 1.0 name, empty for unknown names
     * @return the constant, or null when absent
     * @throws A2AException invalid params for an unknown name or number, or another JSON type
     */
    public static <E> E enumValue(JsonObject object, String parent, String name, List<E> byNumber,
                                  Function<String, Optional<E>> fromWireName) {
        JsonValue value = field(object, name);
        if (value == null) {
            return null;
        }
        if (value instanceof JsonString json) {
            Optional<E> known = fromWireName.apply(json.getString());
            if (known.isPresent()) {
                return known.get();
            }
            throw invalid(path(parent, name), "is not a known value");
        }
        if (value instanceof JsonNumber json && json.isIntegral()) {
            int number = json.bigDecimalValue().signum() < 0 || json.bigDecimalValue().precision() > 9
                    ? -1 : json.intValue();
            if (number >= 0 && number < byNumber.size()) {
                return byNumber.get(number);
            }
        }
        throw invalid(path(parent, name), "is not a known value");
    }

    /**
     * An optional object field, such as a {@code google.protobuf.Struct} metadata.
     *
     * @return the object, or null when absent
     * @throws A2AException invalid params when the value is not an object
     */
    public static JsonObject object(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        return value == null ? null : asObject(value, path(parent, name));
    }

    /**
     * An optional repeated field.
     *
     * @return the array, or null when absent
     * @throws A2AException invalid params when the value is not an array
     */
    public static JsonArray array(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        if (value == null) {
            return null;
        }
        if (value.getValueType() != ValueType.ARRAY) {
            throw invalid(path(parent, name), "must be an array");
        }
        return value.asJsonArray();
    }

    /**
     * A repeated field that must be present with at least one element, such as a message's parts.
     *
     * @throws A2AException invalid params when it is absent, empty or not an array
     */
    public static JsonArray nonEmptyArray(JsonObject object, String parent, String name, String elements) {
        JsonArray array = array(object, parent, name);
        if (array == null) {
            throw invalid(path(parent, name), "is required");
        }
        if (array.isEmpty()) {
            throw invalid(path(parent, name), "must have at least one " + elements);
        }
        return array;
    }

    /**
     * An optional repeated string field.
     *
     * @return the strings, empty when absent
     * @throws A2AException invalid params when it is not an array of strings
     */
    public static List<String> strings(JsonObject object, String parent, String name) {
        JsonArray array = array(object, parent, name);
        if (array == null || array.isEmpty()) {
            return List.of();
        }
        String path = path(parent, name);
        List<String> strings = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof JsonString json)) {
                throw invalid(index(path, i), "must be a string");
            }
            strings.add(json.getString());
        }
        return strings;
    }

    /**
     * An optional repeated message field, each element read by {@code reader} with its indexed path
     * such as {@code task.history[2]}.
     *
     * @return the elements, empty when absent
     * @throws A2AException invalid params when it is not an array, or whatever {@code reader} throws
     */
    public static <T> List<T> list(JsonObject object, String parent, String name,
                                   BiFunction<JsonValue, String, T> reader) {
        JsonArray array = array(object, parent, name);
        if (array == null || array.isEmpty()) {
            return List.of();
        }
        String path = path(parent, name);
        List<T> items = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            items.add(reader.apply(array.get(i), index(path, i)));
        }
        return items;
    }

    /**
     * An optional {@code google.protobuf.Timestamp} field, read by {@link ProtoTimestamps#parse}.
     *
     * @return the instant, or null when absent
     * @throws A2AException invalid params when the value is not a string or not a timestamp
     */
    public static Instant timestamp(JsonObject object, String parent, String name) {
        JsonValue value = field(object, name);
        return value == null ? null : ProtoTimestamps.parse(asString(value, parent, name), path(parent, name));
    }

    /**
     * The value itself as an object.
     *
     * @param path where the value sits, for the error
     * @throws A2AException invalid params when the value is not an object
     */
    public static JsonObject asObject(JsonValue value, String path) {
        if (value == null || value.getValueType() != ValueType.OBJECT) {
            throw invalid(path, "must be an object");
        }
        return value.asJsonObject();
    }

    /** The value as a string; {@code parent.name} is where it sits, for the error. */
    static String asString(JsonValue value, String parent, String name) {
        if (value instanceof JsonString json) {
            return json.getString();
        }
        throw invalid(path(parent, name), "must be a string");
    }
}
