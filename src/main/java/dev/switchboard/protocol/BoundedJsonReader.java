package dev.switchboard.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * Reads JSON documents whose objects and arrays nest at most a fixed number of levels, counting
 * the levels on the parser's events, so a document that nests deeper is refused where it passes
 * the limit, before its tree is built. Without this, the JSON-P provider's own guard (1,000 levels
 * in Parsson) answers a plain {@code RuntimeException}, and recursive readers and writers can
 * exhaust the stack.
 */
public final class BoundedJsonReader {
    /**
     * How deeply a request may nest objects and arrays, the request itself being level 1: the
     * recursion limit of protobuf's own parsers, so anything a gRPC peer could send passes.
     */
    public static final int MAX_DEPTH = 100;

    /**
     * How deeply a stored task or event may nest: a stored task wraps a client's message in one
     * level more than the shallowest request (a REST body), and an agent may add a few of its own.
     */
    public static final int MAX_STORED_DEPTH = MAX_DEPTH + 10;

    private BoundedJsonReader() {
    }

    /**
     * A whole request body: one JSON value and nothing after it, in UTF-8 (see {@link #parser(byte[])}).
     *
     * @throws JsonParsingException when it is empty, not JSON, followed by more content, or nests
     *                              deeper than {@code maxDepth} ({@link TooDeep})
     * @throws NotUtf8              when a byte sequence in it is not UTF-8
     */
    public static JsonValue read(byte[] body, int maxDepth) {
        try (JsonParser parser = parser(body)) {
            return whole(parser, maxDepth);
        } catch (JsonException e) {
            throw NotUtf8.orItself(e);
        }
    }

    /**
     * A parser of a request body. JSON exchanged between systems is UTF-8 (RFC 8259, section 8.1):
     * a byte sequence that is not fails the parsing, where a decoder that replaces it would change
     * the client's text without telling; a leading byte order mark is ignored, as the RFC allows.
     * Its failures pass through {@link NotUtf8#orItself}.
     */
    public static JsonParser parser(byte[] body) {
        int start = body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB
                && (body[2] & 0xFF) == 0xBF ? 3 : 0;
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        return JsonFactory.createParser(new InputStreamReader(
                new ByteArrayInputStream(body, start, body.length - start), utf8));
    }

    /** Like {@link #read(byte[], int)}, from characters. */
    public static JsonValue read(Reader in, int maxDepth) {
        try (JsonParser parser = JsonFactory.createParser(in)) {
            return whole(parser, maxDepth);
        }
    }

    private static JsonValue whole(JsonParser parser, int maxDepth) {
        if (!parser.hasNext()) {
            throw new JsonParsingException("The document is empty", parser.getLocation());
        }
        JsonValue value = next(parser, maxDepth);
        if (parser.hasNext()) {
            throw new JsonParsingException("Content after the document", parser.getLocation());
        }
        return value;
    }

    /**
     * The parser's next value, a structure read to its end.
     *
     * @throws JsonParsingException when it is not JSON or nests deeper than {@code maxDepth} ({@link TooDeep})
     */
    public static JsonValue next(JsonParser parser, int maxDepth) {
        JsonParser.Event event = parser.next();
        if (event != JsonParser.Event.START_OBJECT && event != JsonParser.Event.START_ARRAY) {
            return scalar(parser, event);
        }
        // each open level: its builder and, inside an object, the key its value will take
        Deque<Object> builders = new ArrayDeque<>();
        Deque<String> keys = new ArrayDeque<>();
        String key = null;
        while (true) {
            if (event == JsonParser.Event.START_OBJECT || event == JsonParser.Event.START_ARRAY) {
                if (builders.size() == maxDepth) {
                    throw new TooDeep(maxDepth, parser.getLocation());
                }
                builders.push(event == JsonParser.Event.START_OBJECT
                        ? JsonFactory.createObjectBuilder() : JsonFactory.createArrayBuilder());
                keys.push(key == null ? "" : key);
                key = null;
            } else if (event == JsonParser.Event.KEY_NAME) {
                key = wellFormed(parser.getString(), parser);
            } else {
                JsonValue value;
                if (event == JsonParser.Event.END_OBJECT || event == JsonParser.Event.END_ARRAY) {
                    Object done = builders.pop();
                    value = done instanceof JsonObjectBuilder object ? object.build() : ((JsonArrayBuilder) done).build();
                    key = keys.pop();
                    if (builders.isEmpty()) {
                        return value;
                    }
                } else {
                    value = scalar(parser, event);
                }
                if (builders.peek() instanceof JsonObjectBuilder object) {
                    object.add(key, value);
                } else {
                    ((JsonArrayBuilder) builders.peek()).add(value);
                }
                key = null;
            }
            event = parser.next();
        }
    }

    private static JsonValue scalar(JsonParser parser, JsonParser.Event event) {
        if (event == JsonParser.Event.VALUE_STRING) {
            return JsonFactory.createValue(wellFormed(parser.getString(), parser));
        }
        return parser.getValue();
    }

    /**
     * The string, when each surrogate in it is half of a pair.
     *
     * @throws NotUtf8 when one is not
     */
    private static String wellFormed(String text, JsonParser parser) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == text.length()
                        || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    throw new NotUtf8(parser.getLocation());
                }
                i++;
            }
        }
        return text;
    }

    /** How many levels of objects and arrays {@code value} nests: 0 for a scalar, 1 for {@code {}}. */
    public static int depth(JsonValue value) {
        int deepest = 0;
        Deque<Iterator<? extends JsonValue>> open = new ArrayDeque<>();
        JsonValue current = value;
        while (true) {
            if (current != null && (current.getValueType() == JsonValue.ValueType.OBJECT
                    || current.getValueType() == JsonValue.ValueType.ARRAY)) {
                open.push(current.getValueType() == JsonValue.ValueType.OBJECT
                        ? current.asJsonObject().values().iterator() : current.asJsonArray().iterator());
                deepest = Math.max(deepest, open.size());
            }
            current = null;
            while (!open.isEmpty() && !open.peek().hasNext()) {
                open.pop();
            }
            if (open.isEmpty()) {
                return deepest;
            }
            current = open.peek().next();
        }
    }

    /** A document that nests objects and arrays deeper than the limit. */
    /**
     * Text that UTF-8 cannot carry: a request body whose bytes are not UTF-8 (the parser's reader
     * refused a sequence), or a string whose escapes leave a surrogate unpaired ({@code "\ud800"}),
     * which every writer of the text would turn into something else ({@code ?} in the store, an
     * error in protobuf). Its message says which, in words a client can be shown.
     */
    public static final class NotUtf8 extends JsonException {
        private static final long serialVersionUID = 1L;

        private NotUtf8(Throwable cause) {
            super("the body is not UTF-8", cause);
        }

        private NotUtf8(JsonLocation location) {
            super("a string holds an unpaired surrogate, which UTF-8 cannot carry"
                    + (location == null ? "" : " (line " + location.getLineNumber() + ", column "
                    + location.getColumnNumber() + ")"));
        }

        /** The failure of a parser of {@link #parser(byte[])}: this type when the bytes were not UTF-8. */
        public static JsonException orItself(JsonException e) {
            if (e instanceof NotUtf8) {
                return e;
            }
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof CharacterCodingException) {
                    return new NotUtf8(cause);
                }
            }
            return e;
        }
    }

    public static final class TooDeep extends JsonParsingException {
        private static final long serialVersionUID = 1L;
        private final int limit;

        TooDeep(int limit, JsonLocation location) {
            super("Objects and arrays nest deeper than " + limit + " levels", location);
            this.limit = limit;
        }

        public int limit() {
            return limit;
        }
    }
}
