package dev.switchboard.skill.review;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.signing.CardVerifier;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.text.ParseException;
import java.util.List;
import java.util.Optional;

/**
 * The public keys a caller sent beside the card to check its signatures with: a JWK Set
 * ({@code {"keys": [...]}}) or one JWK. The review trusts exactly these keys, looked up by the
 * signature's {@code kid}, whatever {@code jku} the signature names: it fetches nothing, and the
 * caller is the one who knows where the keys came from.
 *
 * @param keys    the public halves of the keys given; empty when none were given or readable
 * @param problem why the keys given could not be read, or null
 * @param hadPrivateParts whether the caller sent private key material (which a review never needs)
 */
record GivenKeys(List<JWK> keys, String problem, boolean hadPrivateParts) {
    static final GivenKeys NONE = new GivenKeys(List.of(), null, false);

    GivenKeys {
        keys = List.copyOf(keys);
    }

    /** The keys in what the caller sent as {@code jwks}; null when it sent none. */
    static GivenKeys read(JsonValue jwks) {
        if (jwks == null || jwks == JsonValue.NULL) {
            return NONE;
        }
        if (jwks instanceof JsonString url) {
            return unreadable("jwks is the string \"" + url.getString() + "\", not a JWK Set; this review fetches "
                    + "nothing, so send the JWK Set itself (the JSON the card's jku serves)");
        }
        if (!(jwks instanceof JsonObject object)) {
            return unreadable("jwks must be a JWK Set object {\"keys\": [...]} or one JWK");
        }
        String json = JsonValues.text(object);
        try {
            List<JWK> keys = object.containsKey("keys") ? JWKSet.parse(json).getKeys() : List.of(JWK.parse(json));
            if (keys.isEmpty()) {
                return unreadable("the JWK Set given has no keys");
            }
            boolean secret = keys.stream().anyMatch(JWK::isPrivate);
            return new GivenKeys(keys.stream().map(JWK::toPublicJWK).filter(k -> k != null).toList(), null, secret);
        } catch (ParseException | RuntimeException e) {
            return unreadable("the JWK Set given could not be read (" + e.getMessage() + ")");
        }
    }

    private static GivenKeys unreadable(String why) {
        return new GivenKeys(List.of(), why, false);
    }

    boolean given() {
        return !keys.isEmpty();
    }

    /** Finds a signature's key by kid among the keys given; a signature without kid names none. */
    CardVerifier.KeyLookup lookup() {
        return (kid, jku) -> kid == null ? Optional.empty()
                : keys.stream().filter(k -> kid.equals(k.getKeyID())).findFirst();
    }

    /** The key ids given, for messages. */
    List<String> ids() {
        return keys.stream().map(k -> k.getKeyID() == null ? "(no kid)" : "'" + k.getKeyID() + "'").toList();
    }
}
