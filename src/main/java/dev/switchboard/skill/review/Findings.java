package dev.switchboard.skill.review;

import dev.switchboard.protocol.json.ProtoJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonValue.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings of one review as they are collected, and readers for card fields that report a
 * field of the wrong type instead of throwing: a review must get through any card, however broken,
 * and say everything wrong with it at once.
 *
 * <p>Fields are looked up as ProtoJSON parsers do (camelCase or snake_case, JSON null as absent),
 * because that is how a client will read the card; paths always use the camelCase name.
 */
final class Findings {
    private final List<Finding> list = new ArrayList<>();

    void error(String code, String field, String message) {
        list.add(new Finding(Severity.ERROR, code, field, message));
    }

    void warning(String code, String field, String message) {
        list.add(new Finding(Severity.WARNING, code, field, message));
    }

    void info(String code, String field, String message) {
        list.add(new Finding(Severity.INFO, code, field, message));
    }

    List<Finding> list() {
        return List.copyOf(list);
    }

    /** Whether {@code name} is present with any non-null value. */
    static boolean has(JsonObject object, String name) {
        return ProtoJson.field(object, name) != null;
    }

    /** A string field, or null when absent or of another type (reported as WRONG_TYPE). */
    String string(JsonObject object, String parent, String name) {
        return typed(object, parent, name, ValueType.STRING, "a string") instanceof JsonString s ? s.getString() : null;
    }

    /** A string field that must be present and not blank; reported as MISSING_FIELD otherwise. */
    String requiredString(JsonObject object, String parent, String name, String why) {
        String value = string(object, parent, name);
        if (value != null && value.isBlank()) {
            error("MISSING_FIELD", ProtoJson.path(parent, name), ProtoJson.path(parent, name) + " is empty; " + why);
            return null;
        }
        if (value == null) {
            missing(object, parent, name, why);
        }
        return value;
    }

    JsonArray array(JsonObject object, String parent, String name) {
        return typed(object, parent, name, ValueType.ARRAY, "an array") instanceof JsonArray a ? a : null;
    }

    JsonArray requiredArray(JsonObject object, String parent, String name, String why) {
        JsonArray value = array(object, parent, name);
        if (value == null) {
            missing(object, parent, name, why);
        }
        return value;
    }

    JsonObject object(JsonObject object, String parent, String name) {
        return typed(object, parent, name, ValueType.OBJECT, "an object") instanceof JsonObject o ? o : null;
    }

    JsonObject requiredObject(JsonObject object, String parent, String name, String why) {
        JsonObject value = object(object, parent, name);
        if (value == null) {
            missing(object, parent, name, why);
        }
        return value;
    }

    /** The objects of an array; other elements are reported and left out, keeping their indexes. */
    List<JsonObject> objects(JsonArray array, String path) {
        List<JsonObject> objects = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i) instanceof JsonObject o) {
                objects.add(o);
            } else {
                error("WRONG_TYPE", ProtoJson.index(path, i), "Each entry must be a JSON object; this one is "
                        + describe(array.get(i)) + ".");
                objects.add(null);
            }
        }
        return objects;
    }

    /** Reports an absent required field; one present with the wrong type was reported already. */
    private void missing(JsonObject object, String parent, String name, String why) {
        if (!has(object, name)) {
            error("MISSING_FIELD", ProtoJson.path(parent, name), ProtoJson.path(parent, name) + " is missing; " + why);
        }
    }

    private JsonValue typed(JsonObject object, String parent, String name, ValueType type, String expected) {
        JsonValue value = ProtoJson.field(object, name);
        if (value == null) {
            return null;
        }
        if (value.getValueType() != type) {
            error("WRONG_TYPE", ProtoJson.path(parent, name), ProtoJson.path(parent, name) + " must be " + expected
                    + " but is " + describe(value) + "; clients will reject the card or ignore the field.");
            return null;
        }
        return value;
    }

    static String describe(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case TRUE, FALSE -> "a boolean";
            case NULL -> "null";
        };
    }
}
