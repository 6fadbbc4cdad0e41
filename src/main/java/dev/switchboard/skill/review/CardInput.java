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
 * @param card    the card, or null when the message holds none
 * @param problem why no card was found, or null when the message simply holds nothing usable
 */
record CardInput(JsonObject card, String problem) {

    static CardInput find(List<Part> parts) {
        String problem = null;
        for (Part part : parts) {
            if (part.kind() == Part.Kind.DATA) {
                if (part.data() instanceof JsonObject object) {
                    return new CardInput(object, null);
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
            return new CardInput(read(trimmed.substring(start, end + 1)).asJsonObject(), null);
        } catch (JsonException | IllegalStateException e) {
            return new CardInput(null, "The text between the first '{' and the last '}' is not valid JSON ("
                    + e.getMessage() + ").");
        }
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
