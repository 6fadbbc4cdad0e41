package dev.switchboard.protocol.signing;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * What checking a card's signatures found.
 *
 * @param status  verified; unsigned; signed but no trusted key could check it (untrusted); or
 *                signed and refused by the trusted keys (invalid: no signature matches, or the key
 *                is unknown to a trusted set, expired, revoked or not for signing)
 * @param keyId   the key that verified the card; null unless verified
 * @param form    the canonical form that verified; null unless verified
 * @param covered the part of the card the verified signature covers: the whole card (without
 *                {@code signatures}) for the served form, the card as the 1.0 model sees it for the
 *                model form; null unless verified. A client that needs the signature's guarantee
 *                reads this, not the document it fetched.
 * @param detail  why the card did not verify, or which signature did; never null
 * @param index   the position in {@code signatures} of the signature that verified; -1 unless verified
 */
public record CardVerification(Status status, String keyId, CanonicalCard.Form form, JsonObject covered,
                               String detail, int index) {
    public enum Status {
        VERIFIED, UNSIGNED, UNTRUSTED, INVALID
    }

    public CardVerification {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    static CardVerification unsigned() {
        return new CardVerification(Status.UNSIGNED, null, null, null, "the card carries no signature", -1);
    }

    static CardVerification invalid(String why) {
        return new CardVerification(Status.INVALID, null, null, null, why, -1);
    }

    static CardVerification untrusted(String why) {
        return new CardVerification(Status.UNTRUSTED, null, null, null, why, -1);
    }

    public boolean verified() {
        return status == Status.VERIFIED;
    }
}
