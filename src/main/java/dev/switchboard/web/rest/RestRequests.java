package dev.switchboard.web.rest;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.web.binding.ContentCodings;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading HTTP+JSON requests: JSON bodies of the accepted media types, and query parameters turned
 * into the same JSON object the codecs read, so both bindings decode requests one way.
 */
final class RestRequests {
    private RestRequests() {
    }

    /**
     * The body as a JSON object, nesting at most {@link BoundedJsonReader#MAX_DEPTH} levels.
     *
     * @param optional whether an empty body, {@code {}} or {@code null} may stand for "no fields"
     *                 (cancel and subscribe take no body, and clients differ in what they send)
     * @throws Refused for a body this binding does not read at all (coding, media type, size)
     * @throws A2AException for one it reads and finds no JSON object in
     */
    static JsonObject body(RestCall call, boolean optional) {
        if (!ContentCodings.isIdentity(call.contentEncoding())) {
            throw Refused.coding(call.contentEncoding());
        }
        byte[] bytes;
        try {
            bytes = call.body().readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            throw new Refused(413, e.getMessage(), false);
        } catch (IOException e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "The request body could not be read");
        }
        boolean empty = new String(bytes, StandardCharsets.UTF_8).isBlank();
        if (empty && optional) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!empty && !HttpNames.isJson(call.contentType())) {
            throw new Refused(415, "Content-Type " + (call.contentType() == null ? "(none)" : call.contentType())
                    + " is not supported; send application/json or application/a2a+json", false);
        }
        if (empty) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is empty; a JSON object is required");
        }
        JsonValue value;
        try {
            value = BoundedJsonReader.read(bytes, BoundedJsonReader.MAX_DEPTH);
        } catch (BoundedJsonReader.TooDeep e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is not valid JSON: objects and arrays"
                    + " nest deeper than " + e.limit() + " levels", Map.of("maxDepth", String.valueOf(e.limit())));
        } catch (BoundedJsonReader.NotUtf8 e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is not valid JSON: " + e.getMessage());
        } catch (JsonException e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is not valid JSON");
        }
        if (value == JsonValue.NULL && optional) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body must be a JSON object");
        }
        return value.asJsonObject();
    }

    /**
     * Query parameters as a JSON object of strings, which the codecs read as ProtoJSON does. Each
     * name is also read in snake_case ({@code history_length}), as ProtoJSON accepts both and 0.3
     * clients send it so; the camelCase one wins when both are present.
     *
     * @param parameters the query's names and values as sent, still percent-encoded: each is
     *                   decoded here as UTF-8 ({@code +} a space, as in a form), and one that does
     *                   not decode is refused rather than read with replacement characters, which
     *                   would filter by a value the client never sent
     * @throws A2AException invalid params naming the parameter, when its value is not
     *                      percent-encoded UTF-8
     */
    static JsonObjectBuilder query(Map<String, List<String>> parameters, List<String> names) {
        // each name decoded, with its first value as sent
        Map<String, String> sentValues = new HashMap<>();
        for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
            String name = QueryText.decoded(parameter.getKey());
            if (name != null && !parameter.getValue().isEmpty()) {
                sentValues.putIfAbsent(name, parameter.getValue().get(0));
            }
        }
        JsonObjectBuilder json = JsonFactory.createObjectBuilder();
        for (String name : names) {
            String sentAs = sentValues.containsKey(name) ? name : snakeCase(name);
            String raw = sentValues.get(sentAs);
            if (raw != null) {
                String value = QueryText.decoded(raw);
                if (value == null) {
                    throw A2AException.invalidField(sentAs, "is not percent-encoded UTF-8");
                }
                json.add(name, value);
            }
        }
        return json;
    }

    private static String snakeCase(String camel) {
        StringBuilder snake = new StringBuilder(camel.length() + 4);
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                snake.append('_').append(Character.toLowerCase(c));
            } else {
                snake.append(c);
            }
        }
        return snake.toString();
    }

    /**
     * A body refused at the HTTP level: 415 for a media type or a content coding the binding does
     * not read (ContentTypeNotSupported), 413 for one over the size limit.
     */
    static final class Refused extends RuntimeException {
        private final int status;
        private final boolean coding;

        /** @param coding whether a content coding was refused: the answer then names the one accepted */
        Refused(int status, String message, boolean coding) {
            super(message, null, false, false);
            this.status = status;
            this.coding = coding;
        }

        static Refused coding(String contentEncoding) {
            return new Refused(415, ContentCodings.refusal(contentEncoding), true);
        }

        int status() {
            return status;
        }

        boolean isCoding() {
            return coding;
        }
    }
}
