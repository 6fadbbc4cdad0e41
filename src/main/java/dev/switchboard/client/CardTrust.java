package dev.switchboard.client;

import com.nimbusds.jose.jwk.JWKSet;
import java.text.ParseException;
import java.util.Objects;

/**
 * Which Agent Card signatures the client trusts (A2A 1.0 section 8.4), and what it does with a
 * card that has none. Immutable. Keys are trusted from a pinned JWK Set when one is given, else
 * from the card's {@code jku} when that is on the card's own origin over https (or plain http on a
 * loopback address, which no other host can answer for); a {@code jku} elsewhere is not trusted.
 * Keys that are expired, not yet valid or revoked are refused whatever their source.
 */
public final class CardTrust {
    /** What a card's signatures must show for the client to use the card. */
    public enum Policy {
        /** Only a card with a signature that verifies with a trusted key is used. */
        REQUIRE,
        /**
         * A signed card must verify with a trusted key (a key it names that the trusted source does
         * not know, or that is expired or revoked, refuses it); an unsigned card is used, and so is
         * a signed one for which no trusted key source exists (a {@code jku} on another origin).
         * This detects tampering against keys the client can trust; it cannot stop a card being
         * served unsigned, which only {@link #REQUIRE} does.
         */
        VERIFY_IF_PRESENT,
        /** Signatures are not checked. */
        IGNORE
    }

    private final Policy policy;
    private final JWKSet pinned;

    private CardTrust(Policy policy, JWKSet pinned) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.pinned = pinned;
    }

    /** The default: signatures that are present must verify, keys from the card's own origin. */
    public static CardTrust verifyIfPresent() {
        return new CardTrust(Policy.VERIFY_IF_PRESENT, null);
    }

    /** Every card must carry a signature that verifies, keys from the card's own origin. */
    public static CardTrust require() {
        return new CardTrust(Policy.REQUIRE, null);
    }

    /** Signatures are not checked. */
    public static CardTrust ignore() {
        return new CardTrust(Policy.IGNORE, null);
    }

    /** The same policy, trusting only the keys of this JWK Set and never a card's {@code jku}. */
    public CardTrust pinning(String jwkSetJson) {
        try {
            return new CardTrust(policy, JWKSet.parse(Objects.requireNonNull(jwkSetJson, "jwkSetJson")).toPublicJWKSet());
        } catch (ParseException e) {
            throw new IllegalArgumentException("not a JWK Set: " + e.getMessage());
        }
    }

    public Policy policy() {
        return policy;
    }

    /** The pinned keys, or null when keys come from the card's origin. */
    JWKSet pinned() {
        return pinned;
    }

    @Override
    public String toString() {
        return "CardTrust[" + policy + (pinned == null ? ", keys from the card's origin" : ", "
                + pinned.size() + " pinned keys") + "]";
    }
}
