package dev.switchboard.protocol.signing;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.AsymmetricJWK;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.util.Base64URL;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks an Agent Card's signatures: the card verifies when at least one signature verifies, in
 * either canonical form, with a key the caller's {@link KeyLookup} trusts. Only asymmetric JWS
 * algorithms are accepted: {@code none} and HMAC would let anyone who read a public key sign.
 * Keys that are expired, not yet valid, revoked, or not for signing are refused.
 */
public final class CardVerifier {
    /** The algorithms a card signature may use. */
    public static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.ES256, JWSAlgorithm.ES384,
            JWSAlgorithm.ES512, JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512, JWSAlgorithm.PS256,
            JWSAlgorithm.PS384, JWSAlgorithm.PS512);
    private static final int MAX_SIGNATURES = 16;
    private static final String NO_TRUSTED_SOURCE = "no trusted key source: ";

    /** Finds the public key a signature names, where the caller trusts it. */
    @FunctionalInterface
    public interface KeyLookup {
        /**
         * @param keyId the protected header's {@code kid}, or null
         * @param jku   the protected header's {@code jku}, or null
         * @return the trusted key, or empty when no trusted key has that id
         * @throws KeyLookupException when the keys could not be read (a JWK Set not reachable)
         */
        Optional<JWK> find(String keyId, URI jku) throws KeyLookupException;
    }

    /** No trusted key source names the signature's key, or the trusted keys could not be read. */
    public static final class KeyLookupException extends Exception {
        private final boolean noTrustedSource;

        /**
         * @param noTrustedSource true when nothing the caller trusts could name the key (no pinned
         *                        keys and a {@code jku} it does not trust), false when a trusted
         *                        source failed (a JWK Set not reachable)
         */
        public KeyLookupException(String message, boolean noTrustedSource) {
            super(message);
            this.noTrustedSource = noTrustedSource;
        }

        public boolean noTrustedSource() {
            return noTrustedSource;
        }
    }

    private final KeyLookup keys;
    private final Clock clock;

    public CardVerifier(KeyLookup keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    public CardVerification verify(JsonObject card) {
        JsonValue value = card.get(CanonicalCard.SIGNATURES);
        if (value == null || value instanceof JsonArray array && array.isEmpty()) {
            return CardVerification.unsigned();
        }
        if (!(value instanceof JsonArray signatures)) {
            return CardVerification.invalid("signatures is not a list");
        }
        if (signatures.size() > MAX_SIGNATURES) {
            return CardVerification.invalid("more than " + MAX_SIGNATURES + " signatures");
        }
        Map<CanonicalCard.Form, Optional<byte[]>> forms = new EnumMap<>(CanonicalCard.Form.class);
        List<String> failures = new ArrayList<>();
        int untrusted = 0;
        CardVerification modelOnly = null;
        for (int i = 0; i < signatures.size(); i++) {
            String where = "signatures[" + i + "]: ";
            Optional<CardSignature> signature = CardSignature.fromJson(signatures.get(i));
            if (signature.isEmpty()) {
                failures.add(where + "no protected and signature strings");
                continue;
            }
            List<String> refused = new ArrayList<>();
            Optional<CardVerification> verified = check(signature.get(), i, card, forms, refused);
            if (verified.isPresent()) {
                // a served-form signature covers the whole card: it wins over a model-form one anywhere in the list
                if (verified.get().form() == CanonicalCard.Form.AS_SERVED) {
                    return verified.get();
                }
                modelOnly = modelOnly == null ? verified.get() : modelOnly;
                continue;
            }
            if (refused.stream().anyMatch(why -> why.startsWith(NO_TRUSTED_SOURCE))) {
                untrusted++;
            }
            refused.forEach(why -> failures.add(where + why));
        }
        if (modelOnly != null) {
            return modelOnly;
        }
        String why = String.join("; ", failures);
        return untrusted == signatures.size() ? CardVerification.untrusted(why) : CardVerification.invalid(why);
    }

    private Optional<CardVerification> check(CardSignature signature, int index, JsonObject card,
                                             Map<CanonicalCard.Form, Optional<byte[]>> forms, List<String> failures) {
        JWSHeader header;
        try {
            header = JWSHeader.parse(new Base64URL(signature.protectedHeader()));
        } catch (ParseException e) {
            failures.add("a protected header that is not a JWS header");
            return Optional.empty();
        }
        if (!ALGORITHMS.contains(header.getAlgorithm())) {
            failures.add("algorithm " + header.getAlgorithm() + " is not accepted");
            return Optional.empty();
        }
        String keyId = header.getKeyID();
        Optional<JWK> key;
        try {
            key = keys.find(keyId, header.getJWKURL());
        } catch (KeyLookupException e) {
            failures.add(e.noTrustedSource() ? NO_TRUSTED_SOURCE + e.getMessage() : e.getMessage());
            return Optional.empty();
        }
        if (key.isEmpty()) {
            failures.add("no trusted key " + (keyId == null ? "(no kid)" : "'" + keyId + "'"));
            return Optional.empty();
        }
        String refusal = refusal(key.get(), header.getAlgorithm());
        if (refusal != null) {
            failures.add("key '" + keyId + "' " + refusal);
            return Optional.empty();
        }
        for (CanonicalCard.Form form : CanonicalCard.Form.values()) {
            Optional<byte[]> bytes = forms.computeIfAbsent(form, f -> CanonicalCard.bytes(card, f));
            if (bytes.isPresent() && matches(signature, header, bytes.get(), key.get())) {
                JsonObject covered = form == CanonicalCard.Form.AS_SERVED ? CanonicalCard.withoutSignatures(card)
                        : CanonicalCard.v1Model(card).orElseThrow();
                return Optional.of(new CardVerification(CardVerification.Status.VERIFIED, keyId, form, covered,
                        "signed by key '" + keyId + "' with " + header.getAlgorithm() + " over the "
                                + (form == CanonicalCard.Form.AS_SERVED ? "card as served" : "card's 1.0 model"),
                        index));
            }
        }
        failures.add("the signature by key '" + keyId + "' does not match the card");
        return Optional.empty();
    }

    /** Whether one signature over these exact bytes verifies with the key its header names. */
    boolean matches(CardSignature signature, byte[] payload) {
        try {
            JWSHeader header = JWSHeader.parse(new Base64URL(signature.protectedHeader()));
            Optional<JWK> key = keys.find(header.getKeyID(), header.getJWKURL());
            return key.isPresent() && matches(signature, header, payload, key.get());
        } catch (ParseException | KeyLookupException e) {
            return false;
        }
    }

    private String refusal(JWK key, JWSAlgorithm algorithm) {
        Date now = Date.from(clock.instant());
        if (!(key instanceof AsymmetricJWK)) {
            return "is not a public key";
        }
        if (key.getKeyUse() != null && !KeyUse.SIGNATURE.equals(key.getKeyUse())) {
            return "is not for signatures";
        }
        if (key.getAlgorithm() != null && !key.getAlgorithm().equals(algorithm)) {
            return "is for " + key.getAlgorithm() + ", not " + algorithm;
        }
        if (key.getKeyRevocation() != null) {
            return "is revoked";
        }
        if (key.getExpirationTime() != null && !now.before(key.getExpirationTime())) {
            return "has expired";
        }
        if (key.getNotBeforeTime() != null && now.before(key.getNotBeforeTime())) {
            return "is not valid yet";
        }
        return null;
    }

    private static boolean matches(CardSignature signature, JWSHeader header, byte[] canonical, JWK key) {
        try {
            JWSObject jws = new JWSObject(new Base64URL(signature.protectedHeader()), new Payload(canonical),
                    new Base64URL(signature.signature()));
            return jws.verify(new DefaultJWSVerifierFactory().createJWSVerifier(header,
                    ((AsymmetricJWK) key).toPublicKey()));
        } catch (ParseException | JOSEException | IllegalArgumentException e) {
            return false;
        }
    }
}
