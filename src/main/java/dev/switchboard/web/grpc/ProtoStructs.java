package dev.switchboard.web.grpc;

import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.json.ProtoWriter;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Map;

/**
 * {@code google.protobuf.Struct} and {@code Value} (metadata, a data part) as the JSON values the
 * model holds, both ways, as proto3's JSON mapping defines them: a number is a double, a NaN or an
 * infinity has no JSON form and is the client's mistake. Nesting is bounded as in a request body.
 */
final class ProtoStructs {
    private ProtoStructs() {
    }

    /**
     * The struct as a JSON object.
     *
     * @param path where it sits, for an error, e.g. {@code message.metadata}
     * @throws dev.switchboard.protocol.A2AException invalid params for a number JSON cannot carry
     *                                               or nesting deeper than a request may be
     */
    static JsonObject object(Struct struct, String path) {
        return object(struct, path, 1);
    }

    /** The value as JSON; a value with no kind set is JSON null, as proto3's JSON mapping reads it. */
    static JsonValue value(Value value, String path) {
        return value(value, path, 1);
    }

    private static JsonObject object(Struct struct, String path, int depth) {
        checkDepth(path, depth);
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        for (Map.Entry<String, Value> field : struct.getFieldsMap().entrySet()) {
            json.add(field.getKey(), value(field.getValue(), path, depth + 1));
        }
        return json.build();
    }

    private static JsonValue value(Value value, String path, int depth) {
        return switch (value.getKindCase()) {
            case STRING_VALUE -> JsonFactory.createValue(value.getStringValue());
            case NUMBER_VALUE -> number(value.getNumberValue(), path);
            case BOOL_VALUE -> value.getBoolValue() ? JsonValue.TRUE : JsonValue.FALSE;
            case STRUCT_VALUE -> object(value.getStructValue(), path, depth);
            case LIST_VALUE -> array(value.getListValue(), path, depth);
            case NULL_VALUE, KIND_NOT_SET -> JsonValue.NULL;
        };
    }

    private static JsonArray array(ListValue list, String path, int depth) {
        checkDepth(path, depth);
        JsonArrayBuilder json = ProtoWriter.arrayBuilder();
        for (Value element : list.getValuesList()) {
            json.add(value(element, path, depth + 1));
        }
        return json.build();
    }

    private static JsonNumber number(double number, String path) {
        if (!Double.isFinite(number)) {
            throw ProtoJson.invalid(path, "must hold finite numbers only");
        }
        return JsonFactory.createValue(number);
    }

    private static void checkDepth(String path, int depth) {
        if (depth > BoundedJsonReader.MAX_DEPTH) {
            throw ProtoJson.invalid(path, "nests deeper than " + BoundedJsonReader.MAX_DEPTH + " levels");
        }
    }

    /** The JSON object as a struct. */
    static Struct struct(JsonObject json) {
        Struct.Builder struct = Struct.newBuilder();
        for (Map.Entry<String, JsonValue> member : json.entrySet()) {
            struct.putFields(member.getKey(), value(member.getValue()));
        }
        return struct.build();
    }

    /** The JSON value as a {@code Value}; a number becomes a double, as proto3 holds it. */
    static Value value(JsonValue json) {
        return switch (json.getValueType()) {
            case STRING -> Value.newBuilder().setStringValue(((JsonString) json).getString()).build();
            case NUMBER -> Value.newBuilder().setNumberValue(((JsonNumber) json).doubleValue()).build();
            case TRUE -> Value.newBuilder().setBoolValue(true).build();
            case FALSE -> Value.newBuilder().setBoolValue(false).build();
            case NULL -> Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
            case OBJECT -> Value.newBuilder().setStructValue(struct(json.asJsonObject())).build();
            case ARRAY -> {
                ListValue.Builder list = ListValue.newBuilder();
                for (JsonValue element : json.asJsonArray()) {
                    list.addValues(value(element));
                }
                yield Value.newBuilder().setListValue(list).build();
            }
        };
    }
}
