package dev.switchboard.protocol.signing;

import com.google.lf.a2a.v1.AgentCard;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * The bytes an Agent Card signature covers, in the two forms verifiers compute them.
 * <ul>
 * <li>{@link Form#AS_SERVED}: the document as published, without {@code signatures}, in RFC 8785
 * (JCS) form. This is the spec's rule read literally (fields the publisher set are present, those
 * it did not set are absent) and covers every field, the 0.3 discovery fields included.</li>
 * <li>{@link Form#V1_MODEL}: the document read into the normative A2A 1.0 proto model and written
 * back in proto JSON (fields outside the 1.0 schema dropped, proto default values omitted), then
 * every empty string, null, empty list and empty object removed at any depth, then JCS. This is
 * what the official JavaScript SDK (1.3.0) and the Python SDK (1.x) sign and verify; it differs
 * from the spec's own example where the example keeps empty required fields (a2a-js#627), which
 * no SDK does. Outside the 1.0 schema (a string where a bool belongs, two members of a oneof) the
 * SDK coerces and protobuf JSON refuses, so such a card has no model form here (the cases are in
 * the test vectors' divergent.json). A card served with
 * extra fields (the dual-shaped discovery card) or explicit defaults verifies in them only through
 * this form. A signature in this form says nothing about the fields it dropped.</li>
 * </ul>
 */
public final class CanonicalCard {
    static final String SIGNATURES = "signatures";
    private static final JsonFormat.Parser PROTO_READER = JsonFormat.parser().ignoringUnknownFields();
    private static final JsonFormat.Printer PROTO_WRITER = JsonFormat.printer().omittingInsignificantWhitespace();

    /** Which canonical form a signature was made over. */
    public enum Form {
        AS_SERVED, V1_MODEL
    }

    private CanonicalCard() {
    }

    /**
     * The card's bytes in the given form, or empty when the card cannot be read in that form. A card
     * with an unpaired UTF-16 surrogate in any name or string has no canonical form: RFC 8785 takes
     * I-JSON, which forbids them, and encoding one to UTF-8 would turn it into '?', so that a
     * signature over a card named "A?B" would also verify for the card named "A", U+D800, "B".
     */
    public static Optional<byte[]> bytes(JsonObject card, Form form) {
        if (hasLoneSurrogate(card)) {
            return Optional.empty();
        }
        if (form == Form.AS_SERVED) {
            return Optional.of(jcs(JsonValues.bytes(withoutSignatures(card))));
        }
        return v1Model(card).map(view -> jcs(JsonValues.bytes(view)));
    }

    /**
     * The card as the 1.0 model sees it, without signatures: what a {@link Form#V1_MODEL} signature
     * covers, and all a client may rely on when only such a signature verified. Empty when the
     * document does not fit the 1.0 model (a field of the wrong type, say).
     */
    public static Optional<JsonObject> v1Model(JsonObject card) {
        AgentCard.Builder model = AgentCard.newBuilder();
        try {
            PROTO_READER.merge(JsonValues.text(withoutSignatures(card)), model);
            String json = PROTO_WRITER.print(model.build());
            JsonValue cleaned = withoutEmpty(JsonFactory.createReader(new StringReader(json)).readObject());
            return Optional.of(cleaned instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT);
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The value without empty strings, nulls, empty lists and empty objects, at any depth; null if it is empty. */
    private static JsonValue withoutEmpty(JsonValue value) {
        switch (value.getValueType()) {
            case OBJECT -> {
                JsonObjectBuilder kept = JsonFactory.createObjectBuilder();
                value.asJsonObject().forEach((name, member) -> {
                    JsonValue cleaned = withoutEmpty(member);
                    if (cleaned != null) {
                        kept.add(name, cleaned);
                    }
                });
                JsonObject object = kept.build();
                return object.isEmpty() ? null : object;
            }
            case ARRAY -> {
                JsonArrayBuilder kept = JsonFactory.createArrayBuilder();
                for (JsonValue item : value.asJsonArray()) {
                    JsonValue cleaned = withoutEmpty(item);
                    if (cleaned != null) {
                        kept.add(cleaned);
                    }
                }
                JsonArray array = kept.build();
                return array.isEmpty() ? null : array;
            }
            case NULL -> {
                return null;
            }
            case STRING -> {
                return ((JsonString) value).getString().isEmpty() ? null : value;
            }
            default -> {
                return value;
            }
        }
    }

    private static boolean hasLoneSurrogate(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> value.asJsonObject().entrySet().stream()
                    .anyMatch(e -> hasLoneSurrogate(e.getKey()) || hasLoneSurrogate(e.getValue()));
            case ARRAY -> value.asJsonArray().stream().anyMatch(CanonicalCard::hasLoneSurrogate);
            case STRING -> hasLoneSurrogate(((JsonString) value).getString());
            default -> false;
        };
    }

    private static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    static JsonObject withoutSignatures(JsonObject card) {
        return card.containsKey(SIGNATURES) ? JsonFactory.createObjectBuilder(card).remove(SIGNATURES).build() : card;
    }

    /** RFC 8785 form of a UTF-8 JSON text. */
    static byte[] jcs(byte[] json) {
        try {
            return new JsonCanonicalizer(json).getEncodedUTF8();
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON", e);
        }
    }
}
