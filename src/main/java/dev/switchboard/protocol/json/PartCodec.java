package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.asObject;
import static dev.switchboard.protocol.json.ProtoJson.index;
import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Part;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * {@link Part} in 1.0 ProtoJSON: exactly one of {@code text}, {@code raw} (base64), {@code url} or
 * {@code data} (any JSON value), then optional {@code metadata}, {@code filename} and
 * {@code mediaType}.
 */
public final class PartCodec {
    private static final String CONTENT = "must have exactly one of text, raw, url or data";

    private PartCodec() {
    }

    /** The part as a JSON object; the content member is always written, even an empty text. */
    public static JsonObject toJson(Part part) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        switch (part.kind()) {
            case TEXT -> json.add("text", part.text());
            case RAW -> json.add("raw", Base64.getEncoder().encodeToString(part.raw()));
            case URL -> json.add("url", part.url());
            case DATA -> json.add("data", part.data());
        }
        ProtoWriter.putObject(json, "metadata", part.metadata());
        ProtoWriter.putString(json, "filename", part.filename());
        ProtoWriter.putString(json, "mediaType", part.mediaType());
        return json.build();
    }

    /** The parts as a JSON array, in order. */
    public static JsonArrayBuilder toJson(List<Part> parts) {
        JsonArrayBuilder array = ProtoWriter.arrayBuilder();
        for (Part part : parts) {
            array.add(toJson(part));
        }
        return array;
    }

    /**
     * Reads one part.
     *
     * @param path where the part sits, e.g. {@code message.parts[0]}
     * @throws A2AException invalid params when it is not an object, has no content member or more
     *                      than one, or carries bytes that are not base64
     */
    public static Part fromJson(JsonValue value, String path) {
        JsonObject json = asObject(value, path);
        // Oneof members have presence: an empty text is content, and data may be JSON null.
        JsonValue text = ProtoJson.field(json, "text");
        JsonValue raw = ProtoJson.field(json, "raw");
        JsonValue url = ProtoJson.field(json, "url");
        JsonValue data = ProtoJson.member(json, "data");
        int members = (text == null ? 0 : 1) + (raw == null ? 0 : 1) + (url == null ? 0 : 1) + (data == null ? 0 : 1);
        if (members != 1) {
            throw invalid(path, CONTENT);
        }
        JsonObject metadata = ProtoJson.object(json, path, "metadata");
        String filename = ProtoJson.string(json, path, "filename");
        String mediaType = ProtoJson.string(json, path, "mediaType");
        if (text != null) {
            String content = ProtoJson.asString(text, path, "text");
            return new Part(Part.Kind.TEXT, content, null, null, null, mediaType, filename, metadata);
        }
        if (raw != null) {
            byte[] bytes = decodeBase64(ProtoJson.asString(raw, path, "raw"), path(path, "raw"));
            return new Part(Part.Kind.RAW, null, bytes, null, null, mediaType, filename, metadata);
        }
        if (url != null) {
            String content = ProtoJson.asString(url, path, "url");
            return new Part(Part.Kind.URL, null, null, content, null, mediaType, filename, metadata);
        }
        return new Part(Part.Kind.DATA, null, null, null, data, mediaType, filename, metadata);
    }

    /**
     * Reads a repeated part field that must have at least one element, such as a message's parts.
     *
     * @param parentPath where {@code parent} sits, e.g. {@code message}
     * @param name       the field's camelCase name, e.g. {@code parts}
     * @throws A2AException invalid params when it is absent, empty, not an array, or a part is invalid
     */
    public static List<Part> fromJsonArray(JsonObject parent, String parentPath, String name) {
        JsonArray array = ProtoJson.nonEmptyArray(parent, parentPath, name, "part");
        String path = path(parentPath, name);
        List<Part> parts = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            parts.add(fromJson(array.get(i), index(path, i)));
        }
        return parts;
    }

    /**
     * Decodes base64 in either alphabet, padded or not, as ProtoJSON parsers accept.
     *
     * @throws A2AException invalid params naming {@code path} when the text is not base64
     */
    static byte[] decodeBase64(String text, String path) {
        boolean urlSafe = text.indexOf('-') >= 0 || text.indexOf('_') >= 0;
        try {
            // The JDK decoders accept missing padding but each knows only its own alphabet.
            return (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(text);
        } catch (IllegalArgumentException e) {
            throw invalid(path, "must be base64");
        }
    }
}
