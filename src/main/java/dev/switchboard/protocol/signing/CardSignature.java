package dev.switchboard.protocol.signing;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a card's {@code signatures}: a JWS in the shape of RFC 7515's JSON serialization,
 * payload detached (the payload is the card's canonical form).
 *
 * @param protectedHeader the base64url protected header, as signed
 * @param signature       the base64url signature
 * @param header          unprotected header parameters, or null
 */
public record CardSignature(String protectedHeader, String signature, JsonObject header) {
    public CardSignature {
        Objects.requireNonNull(protectedHeader, "protectedHeader");
        Objects.requireNonNull(signature, "signature");
    }

    public JsonObject toJson() {
        var json = JsonFactory.createObjectBuilder().add("protected", protectedHeader).add("signature", signature);
        if (header != null) {
            json.add("header", header);
        }
        return json.build();
    }

    /** The entry in a card's {@code signatures}, or empty when it is not one. */
    public static Optional<CardSignature> fromJson(JsonValue value) {
        if (!(value instanceof JsonObject entry)
                || !(entry.get("protected") instanceof jakarta.json.JsonString p)
                || !(entry.get("signature") instanceof jakarta.json.JsonString s)) {
            return Optional.empty();
        }
        JsonObject header = entry.get("header") instanceof JsonObject h ? h : null;
        return Optional.of(new CardSignature(p.getString(), s.getString(), header));
    }
}
