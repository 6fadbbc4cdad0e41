package dev.switchboard.web;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.web.filter.RequestBodyTooLargeException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reading HTTP+JSON requests: JSON bodies of the accepted media types, and query parameters turned
 * into the same JSON object the codecs read, so both bindings decode requests one way.
 */
final class RestRequests {
    private static final Set<String> JSON_TYPES = Set.of("application/json", SwitchboardApplication.A2A_JSON);

    private RestRequests() {
    }

    /**
     * The body as a JSON object, nesting at most {@link BoundedJsonReader#MAX_DEPTH} levels.
     *
     * @param optional whether an empty body, {@code {}} or {@code null} may stand for "no fields"
     *                 (cancel and subscribe take no body, and clients differ in what they send)
     */
    static JsonObject body(HttpServletRequest http, InputStream in, boolean optional) {
        String coding = http.getHeader(ContentCodings.HEADER);
        if (!ContentCodings.isIdentity(coding)) {
            throw new UnsupportedContentCoding(coding);
        }
        String contentType = http.getHeader(HttpHeaders.CONTENT_TYPE);
        byte[] bytes;
        try {
            bytes = in.readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            throw new WebApplicationException(e.getMessage(), 413);
        } catch (IOException e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "The request body could not be read");
        }
        boolean empty = new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank();
        if (empty && optional) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!empty && !isJson(contentType)) {
            throw new UnsupportedMediaType("Content-Type " + (contentType == null ? "(none)" : contentType)
                    + " is not supported; send application/json or application/a2a+json");
        }
        if (empty) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is empty; a JSON object is required");
        }
        JsonValue value;
        try {
            value = BoundedJsonReader.read(new ByteArrayInputStream(bytes), BoundedJsonReader.MAX_DEPTH);
        } catch (BoundedJsonReader.TooDeep e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "Request body is not valid JSON: objects and arrays"
                    + " nest deeper than " + e.limit() + " levels", Map.of("maxDepth", String.valueOf(e.limit())));
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
     */
    static JsonObjectBuilder query(MultivaluedMap<String, String> parameters, List<String> names) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder();
        for (String name : names) {
            List<String> values = parameters.get(name);
            if (values == null || values.isEmpty()) {
                values = parameters.get(snakeCase(name));
            }
            if (values != null && !values.isEmpty()) {
                json.add(name, values.get(0));
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

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return JSON_TYPES.contains(type.toLowerCase(Locale.ROOT));
    }

    /** A body in a media type the binding does not read: HTTP 415 with ContentTypeNotSupported. */
    static class UnsupportedMediaType extends RuntimeException {
        UnsupportedMediaType(String message) {
            super(message, null, false, false);
        }
    }

    /** A body in a content coding the binding does not read: HTTP 415 as for a media type. */
    static final class UnsupportedContentCoding extends UnsupportedMediaType {
        UnsupportedContentCoding(String contentEncoding) {
            super(ContentCodings.refusal(contentEncoding));
        }
    }
}
