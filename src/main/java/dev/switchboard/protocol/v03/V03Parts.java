package dev.switchboard.protocol.v03;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.json.ProtoWriter;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * {@link Part} in the 0.3 dialects.
 *
 * <ul>
 * <li>JSON-RPC: {@code {kind:"text", text}}, {@code {kind:"file", file:{bytes|uri, name?, mimeType?}}},
 *     {@code {kind:"data", data:{…}}}, each with optional {@code metadata};</li>
 * <li>proto: {@code {text}}, {@code {file:{fileWithBytes|fileWithUri, mimeType?}}},
 *     {@code {data:{data:{…}}}}; the 0.3 proto has no part metadata and no file name.</li>
 * </ul>
 *
 * <p>What 0.3 cannot express is a documented loss: a media type on a text or data part is dropped;
 * data that is not a JSON object travels as {@code {"value": data}}; in the proto dialect the part
 * metadata and the file name are dropped. Everything 0.3 can say survives a round trip through 1.0.
 */
public final class V03Parts {
    /** The member that carries data other than an object, which 0.3 cannot carry bare. */
    public static final String WRAPPED_VALUE = "value";

    private V03Parts() {
    }

    public static JsonObject toJson(Part part, V03Dialect dialect) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        boolean proto = dialect == V03Dialect.PROTO;
        switch (part.kind()) {
            case TEXT -> {
                tag(json, dialect, "text");
                json.add("text", part.text());
            }
            case RAW, URL -> {
                tag(json, dialect, "file");
                JsonObjectBuilder file = ProtoWriter.objectBuilder();
                if (part.kind() == Part.Kind.RAW) {
                    file.add(proto ? "file_with_bytes" : "bytes", Base64.getEncoder().encodeToString(part.raw()));
                } else {
                    file.add(proto ? "file_with_uri" : "uri", part.url());
                }
                if (!proto) {
                    ProtoWriter.putString(file, "name", part.filename());
                }
                ProtoWriter.putString(file, dialect.field("mimeType"), part.mediaType());
                json.add("file", file);
            }
            case DATA -> {
                tag(json, dialect, "data");
                JsonValue data = part.data().getValueType() == JsonValue.ValueType.OBJECT ? part.data()
                        : ProtoWriter.objectBuilder().add(WRAPPED_VALUE, part.data()).build();
                json.add("data", proto ? ProtoWriter.objectBuilder().add("data", data).build() : data);
            }
        }
        if (!proto) {
            ProtoWriter.putObject(json, "metadata", part.metadata());
        }
        return json.build();
    }

    public static JsonArrayBuilder toJson(List<Part> parts, V03Dialect dialect) {
        JsonArrayBuilder array = ProtoWriter.arrayBuilder();
        parts.forEach(part -> array.add(toJson(part, dialect)));
        return array;
    }

    /**
     * Reads a part: in JSON-RPC by its {@code kind}, which is required; in proto by its member.
     *
     * @throws A2AException invalid params for a missing or unknown kind, a missing or doubled
     *                      content member, a file with neither or both of bytes and uri, or bad base64
     */
    public static Part fromJson(JsonValue value, String path, V03Dialect dialect) {
        JsonObject json = ProtoJson.asObject(value, path);
        String kind = ProtoJson.string(json, path, "kind");
        if (kind == null && dialect.kindTags()) {
            throw invalid(path(path, "kind"), "is required: text, file or data");
        }
        JsonValue text = ProtoJson.field(json, "text");
        JsonValue file = ProtoJson.field(json, "file");
        JsonValue data = ProtoJson.member(json, "data");
        int members = (text == null ? 0 : 1) + (file == null ? 0 : 1) + (data == null ? 0 : 1);
        if (kind == null && members != 1) {
            throw invalid(path, "must have exactly one of text, file or data");
        }
        if (kind == null) {
            kind = text != null ? "text" : file != null ? "file" : "data";
        }
        JsonObject metadata = ProtoJson.object(json, path, "metadata");
        return switch (kind) {
            case "text" -> {
                if (text == null) {
                    throw invalid(path(path, "text"), "is required for a text part");
                }
                yield new Part(Part.Kind.TEXT, ProtoJson.string(json, path, "text"), null, null, null, null, null,
                        metadata);
            }
            case "file" -> file(ProtoJson.object(json, path, "file"), path(path, "file"), metadata);
            case "data" -> {
                if (data == null || data.getValueType() != JsonValue.ValueType.OBJECT) {
                    throw invalid(path(path, "data"), "is required for a data part and must be an object");
                }
                JsonObject object = data.asJsonObject();
                // the proto dialect nests the object once more: {data:{data:{…}}}
                JsonValue inner = object.size() == 1 && kindless(json) ? object.get("data") : null;
                JsonValue content = inner != null && inner.getValueType() == JsonValue.ValueType.OBJECT ? inner : object;
                yield new Part(Part.Kind.DATA, null, null, null, content, null, null, metadata);
            }
            default -> throw invalid(path(path, "kind"), "must be text, file or data");
        };
    }

    /** Reads the parts of a message or artifact, at least one. */
    public static List<Part> fromJsonArray(JsonObject parent, String parentPath, String name, V03Dialect dialect) {
        JsonArray array = ProtoJson.nonEmptyArray(parent, parentPath, name, "part");
        String path = path(parentPath, name);
        List<Part> parts = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            parts.add(fromJson(array.get(i), ProtoJson.index(path, i), dialect));
        }
        return parts;
    }

    private static Part file(JsonObject file, String path, JsonObject metadata) {
        if (file == null) {
            throw invalid(path, "is required for a file part");
        }
        String bytes = first(file, path, "bytes", "fileWithBytes");
        String uri = first(file, path, "uri", "fileWithUri");
        if ((bytes == null) == (uri == null)) {
            throw invalid(path, "must have exactly one of bytes or uri");
        }
        String name = ProtoJson.string(file, path, "name");
        String mimeType = ProtoJson.string(file, path, "mimeType");
        if (bytes != null) {
            byte[] raw;
            try {
                raw = Base64.getDecoder().decode(bytes.replace('-', '+').replace('_', '/'));
            } catch (IllegalArgumentException e) {
                throw invalid(path(path, "bytes"), "must be base64");
            }
            return new Part(Part.Kind.RAW, null, raw, null, null, mimeType, name, metadata);
        }
        return new Part(Part.Kind.URL, null, null, uri, null, mimeType, name, metadata);
    }

    private static String first(JsonObject json, String path, String name, String alternative) {
        String value = ProtoJson.string(json, path, name);
        return value != null ? value : ProtoJson.string(json, path, alternative);
    }

    private static boolean kindless(JsonObject part) {
        return ProtoJson.field(part, "kind") == null;
    }

    private static void tag(JsonObjectBuilder json, V03Dialect dialect, String kind) {
        if (dialect.kindTags()) {
            json.add("kind", kind);
        }
    }
}
