package dev.switchboard.protocol.signing;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;

/**
 * Signs Agent Cards: a JWS per key and canonical form, protected header {@code alg}, {@code kid},
 * {@code typ: JOSE} and {@code jku}, the payload detached. EC keys sign with ES256 (P-256) or
 * ES384 (P-384), RSA keys with RS256.
 */
public final class CardSigning {
    private CardSigning() {
    }

    /** The algorithm a private key signs cards with. */
    public static JWSAlgorithm algorithmFor(JWK key) {
        if (key instanceof ECKey ec) {
            if (Curve.P_256.equals(ec.getCurve())) {
                return JWSAlgorithm.ES256;
            }
            if (Curve.P_384.equals(ec.getCurve())) {
                return JWSAlgorithm.ES384;
            }
        } else if (key instanceof RSAKey rsa && rsa.size() >= 2048) {
            return JWSAlgorithm.RS256;
        }
        throw new IllegalArgumentException("card signing keys are EC P-256, EC P-384 or RSA of 2048 bits or more");
    }

    /**
     * The card with {@code signatures}: for each key, one signature over each of the given forms,
     * except that the 1.0 model form is left out where it is byte for byte the served form.
     *
     * @param keys  private keys with key ids, the current one first
     * @param jku   where the JWK Set with the keys' public halves is published
     * @param forms the canonical forms verifiers of this rendering compute
     */
    public static JsonObject sign(JsonObject card, List<JWK> keys, URI jku, Set<CanonicalCard.Form> forms) {
        return sign(card, keys, jku, forms, new HashMap<>());
    }

    /**
     * As {@link #sign(JsonObject, List, URI, Set)}, reusing the signatures in {@code made} for
     * payloads another rendering already had signed by the same key (the discovery and the 1.0
     * documents have the same 1.0-model form): an ECDSA signature costs milliseconds at start-up.
     *
     * @param made signatures by key id and payload, filled as signatures are made
     */
    public static JsonObject sign(JsonObject card, List<JWK> keys, URI jku, Set<CanonicalCard.Form> forms,
                                  Map<String, CardSignature> made) {
        JsonObject unsigned = CanonicalCard.withoutSignatures(card);
        byte[] served = CanonicalCard.bytes(unsigned, CanonicalCard.Form.AS_SERVED).orElseThrow(
                () -> new IllegalArgumentException("the card has no canonical form (an unpaired surrogate)"));
        byte[] model = forms.contains(CanonicalCard.Form.V1_MODEL)
                ? CanonicalCard.bytes(unsigned, CanonicalCard.Form.V1_MODEL).orElseThrow(
                        () -> new IllegalArgumentException("the card does not fit the 1.0 model"))
                : null;
        boolean signServed = forms.contains(CanonicalCard.Form.AS_SERVED);
        JsonArrayBuilder signatures = JsonFactory.createArrayBuilder();
        for (JWK key : keys) {
            if (signServed) {
                signatures.add(once(served, key, jku, made).toJson());
            }
            if (model != null && !(signServed && Arrays.equals(served, model))) {
                signatures.add(once(model, key, jku, made).toJson());
            }
        }
        return JsonFactory.createObjectBuilder(unsigned).add(CanonicalCard.SIGNATURES, signatures).build();
    }

    private static CardSignature once(byte[] payload, JWK key, URI jku, Map<String, CardSignature> made) {
        return made.computeIfAbsent(key.getKeyID() + '\n' + new String(payload, StandardCharsets.UTF_8),
                ignored -> sign(payload, key, jku));
    }

    /** One signature over canonical card bytes. */
    public static CardSignature sign(byte[] canonical, JWK key, URI jku) {
        JWSAlgorithm algorithm = algorithmFor(key);
        JWSHeader.Builder header = new JWSHeader.Builder(algorithm).keyID(key.getKeyID()).type(JOSEObjectType.JOSE);
        if (jku != null) {
            header.jwkURL(jku);
        }
        JWSObject jws = new JWSObject(header.build(), new Payload(canonical));
        try {
            jws.sign(signerFor(key));
        } catch (JOSEException e) {
            throw new IllegalStateException("the card could not be signed", e);
        }
        return new CardSignature(jws.getHeader().toBase64URL().toString(), jws.getSignature().toString(), null);
    }

    /**
     * Whether the key's public half verifies what its private half signs: a PEM file whose
     * PUBLIC KEY belongs to another key would otherwise publish signatures nobody can verify.
     */
    public static boolean pairMatches(JWK key) {
        byte[] probe = "card-signing key check".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        CardSignature signature = sign(probe, key, null);
        JWK publicKey = key.toPublicJWK();
        return new CardVerifier((kid, jku) -> java.util.Optional.of(publicKey), java.time.Clock.systemUTC())
                .matches(signature, probe);
    }

    private static JWSSigner signerFor(JWK key) {
        try {
            return key instanceof ECKey ec ? new ECDSASigner(ec) : new RSASSASigner((RSAKey) key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("not a private signing key", e);
        }
    }
}
