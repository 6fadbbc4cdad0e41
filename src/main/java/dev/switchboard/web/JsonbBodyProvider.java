package dev.switchboard.web;

import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.protocol.BoundedJsonReader;
import jakarta.ws.rs.core.StreamingOutput;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import jakarta.json.JsonException;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads and writes JSON entities through the server's one shared {@link Jsonb}. Jersey's own JSON-B
 * support is switched off (see {@link SwitchboardApplication}), so this provider decides on every
 * container; some containers would otherwise ignore an application's Jsonb configuration.
 *
 * <p>An empty or malformed body, or one nesting deeper than {@link BoundedJsonReader#MAX_DEPTH}
 * levels, is the client's fault and answers 400; a body over the size limit
 * answers 413. Neither reaches a resource method.
 */
@Consumes({MediaType.APPLICATION_JSON, HttpNames.A2A_JSON, "application/*+json"})
@Produces({MediaType.APPLICATION_JSON, HttpNames.A2A_JSON, "application/*+json"})
public final class JsonbBodyProvider implements MessageBodyReader<Object>, MessageBodyWriter<Object> {
    private final Jsonb jsonb;

    public JsonbBodyProvider(Jsonb jsonb) {
        this.jsonb = Objects.requireNonNull(jsonb);
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return handles(type);
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> headers, InputStream entity) throws IOException {
        byte[] body;
        try {
            body = entity.readAllBytes();
        } catch (RequestBodyTooLargeException e) {
            throw new WebApplicationException(e.getMessage(), 413);
        }
        String text = new String(body, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            throw new WebApplicationException("Request body is empty; a JSON document is required", 400);
        }
        try {
            // JSON-B's parser would refuse deep nesting with an unchecked error, far past our limit
            BoundedJsonReader.read(body, BoundedJsonReader.MAX_DEPTH);
        } catch (BoundedJsonReader.TooDeep e) {
            throw new WebApplicationException("Request body nests objects and arrays deeper than " + e.limit()
                    + " levels", 400);
        } catch (BoundedJsonReader.NotUtf8 e) {
            throw new WebApplicationException("Request body is not valid JSON: " + e.getMessage(), 400);
        } catch (JsonException e) {
            throw new WebApplicationException("Request body is not valid JSON for this operation", 400);
        }
        try {
            return jsonb.fromJson(text, genericType);
        } catch (JsonbException e) {
            throw new WebApplicationException("Request body is not valid JSON for this operation", 400);
        }
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return handles(type);
    }

    @Override
    public void writeTo(Object value, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> headers, OutputStream entity) throws IOException {
        jsonb.toJson(value, genericType, entity);
    }

    /** Raw types keep Jersey's own handling; everything else is bound through JSON-B. */
    private static boolean handles(Class<?> type) {
        return type != String.class && type != InputStream.class && type != byte[].class
                && !StreamingOutput.class.isAssignableFrom(type);
    }
}
