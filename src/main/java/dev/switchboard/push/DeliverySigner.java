package dev.switchboard.push;

import dev.switchboard.card.PublishedCard;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.switchboard.store.SecretFile;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.util.UUID;

/**
 * Signs notification bodies with this server's key: an ES256 JWS in compact form with a detached
 * payload ({@code header..signature}, RFC 7515 appendix F), sent in the {@value #HEADER} header.
 * The payload is the exact body of the POST; the protected header names the key ({@code kid}) and
 * the signing time ({@code iat}, seconds). The key is made once and kept in the data directory,
 * readable by the server's user only; its public half is published as a JWKS.
 */
public final class DeliverySigner {
    public static final String HEADER = PublishedCard.SIGNATURE_HEADER;
    static final String KEY_FILE = "push-signing-key.jwk";

    private final ECKey key;
    private final ECDSASigner signer;
    private final Clock clock;

    DeliverySigner(ECKey key, Clock clock) {
        this.key = key;
        this.clock = clock;
        try {
            this.signer = new ECDSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalStateException("the signing key cannot sign", e);
        }
    }

    /** The signer whose key is {@value #KEY_FILE} in the data directory, made on first use. */
    public static DeliverySigner inDirectory(Path dataDir, Clock clock) {
        String json = SecretFile.readOrCreate(dataDir.resolve(KEY_FILE), () -> {
            try {
                return new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
                        .keyID(UUID.randomUUID().toString()).generate().toJSONString();
            } catch (JOSEException e) {
                throw new IllegalStateException("cannot make a signing key", e);
            }
        });
        try {
            return new DeliverySigner(ECKey.parse(json), clock);
        } catch (ParseException e) {
            throw new IllegalStateException(KEY_FILE + " does not hold an EC key");
        }
    }

    /** The compact JWS over {@code body}, payload detached. */
    public String sign(byte[] body) {
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID())
                .type(new JOSEObjectType("a2a-notification+jws"))
                .customParam("iat", clock.instant().getEpochSecond()).build();
        JWSObject jws = new JWSObject(header, new Payload(body));
        try {
            jws.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("signing failed", e);
        }
        return jws.serialize(true);
    }

    /** The public key as a JWK Set document. */
    public String jwks() {
        return new JWKSet(key.toPublicJWK()).toString();
    }
}
