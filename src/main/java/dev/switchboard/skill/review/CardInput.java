package dev.switchboard.skill.review;

import dev.switchboard.protocol.BoundedJsonReader;
import dev.switchboard.protocol.Part;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;

/**
 * Finds the card in a message: the first data part holding a JSON object, else the first text part
 * containing one. When there is none, says why, so that the caller can fix the request.
 *
 * <p>The keys to verify the card's signatures with come beside it, in one of two shapes: the
 * object {@code {"card": {...}, "jwks": {...}}} (in a data part or a text) instead of the bare
 * card, or a JWK Set {@code {"keys": [...]}} in a data part of its own.
 *
 * @param card    the card, or null when the message holds none
 * @param problem why no card was found, or null when the message simply holds nothing usable
 * @param jwks    the JWK Set (or JWK, or whatever else the caller put there) sent with the card, or null
 */
record CardInput(JsonObject card, String problem, JsonValue jwks) {

    CardInput(JsonObject card, String problem) {
        this(card, problem, null);
    }

    static CardInput find(List<Part> parts) {
        JsonValue jwks = null;
        for (Part part : parts) {
            if (part.kind() == Part.Kind.DATA && part.data() instanceof JsonObject object && isKeySet(object)) {
                jwks = object;
                break;
            }
        }
        CardInput found = findCard(parts);
        return found.jwks() != null || jwks == null ? found : new CardInput(found.card(), found.problem(), jwks);
    }

    private static CardInput findCard(List<Part> parts) {
        String problem = null;
        for (Part part : parts) {
            if (part.kind() == Part.Kind.DATA) {
                if (part.data() instanceof JsonObject object && !isKeySet(object)) {
                    return unwrapped(object);
                }
                if (part.data() instanceof JsonObject) {
                    continue;
                }
                problem = problem != null ? problem : part.data() instanceof JsonArray
                        ? "The data part holds a JSON array; send one Agent Card, a JSON object, per request."
                        : "The data part holds no JSON object.";
            }
        }
        for (Part part : parts) {
            if (part.kind() == Part.Kind.TEXT) {
                CardInput found = fromText(part.text());
                if (found.card() != null) {
                    return found;
                }
                problem = problem != null ? problem : found.problem();
            }
        }
        return new CardInput(null, problem);
    }

    /** The JSON object in a text: the whole text, or else the outermost {...} with prose around it. */
    static CardInput fromText(String text) {
        String trimmed = text.strip();
        // A whole-text array is refused as such rather than mined for its first object: reviewing one
        // card of several without saying so would mislead.
        if (trimmed.startsWith("[")) {
            JsonValue whole = parse(trimmed);
            if (whole instanceof JsonArray) {
                return new CardInput(null, "The text holds a JSON array; send one Agent Card, a JSON object, "
                        + "per request.");
            }
        }
        int start = trimmed.indexOf('{');
        int end = trimmed.lastIndexOf('}');
        if (start < 0 || end < start) {
            return new CardInput(null, trimmed.contains("://") ? "The text holds no JSON object. This skill never "
                    + "fetches anything: get the card yourself (GET /.well-known/agent-card.json) and send its JSON."
                    : "The text holds no JSON object.");
        }
        try {
            return unwrapped(read(trimmed.substring(start, end + 1)).asJsonObject());
        } catch (JsonException | IllegalStateException e) {
            return new CardInput(null, "The text between the first '{' and the last '}' is not valid JSON ("
                    + e.getMessage() + ").");
        }
    }

    /** A JWK Set, not a card: {@code keys} and no {@code name}. */
    private static boolean isKeySet(JsonObject object) {
        return object.get("keys") instanceof JsonArray && !object.containsKey("name");
    }

    /** The card and keys of {@code {"card": {...}, "jwks": ...}}, or the object itself as the card. */
    private static CardInput unwrapped(JsonObject object) {
        if (object.get("card") instanceof JsonObject card && !object.containsKey("name")) {
            return new CardInput(card, null, object.get("jwks"));
        }
        return new CardInput(object, null, null);
    }

    private static JsonValue parse(String json) {
        try {
            return read(json);
        } catch (JsonException | IllegalStateException e) {
            return null;
        }
    }

    /** A card in a text is the client's JSON too: nested as deeply as a request may be, no deeper. */
    private static JsonValue read(String json) {
        return BoundedJsonReader.read(new StringReader(json), BoundedJsonReader.MAX_DEPTH);
    }
}
