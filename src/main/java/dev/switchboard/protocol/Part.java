package dev.switchboard.protocol;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Arrays;
import java.util.Objects;

/**
 * One piece of content: exactly one of {@code text}, {@code raw} bytes, a {@code url} or structured
 * {@code data}, with optional media type, file name and metadata.
 *
 * @param metadata null when absent
 */
public record Part(Kind kind, String text, byte[] raw, String url, JsonValue data, String mediaType, String filename,
                   JsonObject metadata) {

    /** Which content the part carries. */
    public enum Kind { TEXT, RAW, URL, DATA }

    public Part {
        Objects.requireNonNull(kind, "kind");
        switch (kind) {
            case TEXT -> Objects.requireNonNull(text, "text");
            case RAW -> raw = Objects.requireNonNull(raw, "raw").clone();
            case URL -> Objects.requireNonNull(url, "url");
            case DATA -> Objects.requireNonNull(data, "data");
        }
    }

    public static Part text(String text) {
        return new Part(Kind.TEXT, text, null, null, null, null, null, null);
    }

    public static Part raw(byte[] bytes, String mediaType, String filename) {
        return new Part(Kind.RAW, null, bytes, null, null, mediaType, filename, null);
    }

    public static Part url(String url, String mediaType, String filename) {
        return new Part(Kind.URL, null, null, url, null, mediaType, filename, null);
    }

    public static Part data(JsonValue data) {
        return new Part(Kind.DATA, null, null, null, data, "application/json", null, null);
    }

    @Override
    public byte[] raw() {
        return raw == null ? null : raw.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Part p && kind == p.kind && Objects.equals(text, p.text) && Arrays.equals(raw, p.raw)
                && Objects.equals(url, p.url) && Objects.equals(data, p.data) && Objects.equals(mediaType, p.mediaType)
                && Objects.equals(filename, p.filename) && Objects.equals(metadata, p.metadata);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, text, Arrays.hashCode(raw), url, data, mediaType, filename, metadata);
    }

    @Override
    public String toString() {
        return "Part[" + kind + "]";
    }
}
