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

    private final Path keyFile;
    private final Clock clock;
    /** Loaded on first use: reading (or making) the key is not worth delaying a cold start for. */
    private volatile SigningKey key;

    private DeliverySigner(Path keyFile, Clock clock) {
        this.keyFile = keyFile;
        this.clock = clock;
    }

    /** The signer whose key is {@value #KEY_FILE} in the data directory, made on first use. */
    public static DeliverySigner inDirectory(Path dataDir, Clock clock) {
        return new DeliverySigner(dataDir.resolve(KEY_FILE), clock);
    }

    /** The compact JWS over {@code body}, payload detached. */
    public String sign(byte[] body) {
        SigningKey signing = key();
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(signing.key().getKeyID())
                .type(new JOSEObjectType("a2a-notification+jws"))
                .customParam("iat", clock.instant().getEpochSecond()).build();
        JWSObject jws = new JWSObject(header, new Payload(body));
        try {
            jws.sign(signing.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException("signing failed", e);
        }
        return jws.serialize(true);
    }

    /** The public key as a JWK Set document. */
    public String jwks() {
        return new JWKSet(key().key().toPublicJWK()).toString();
    }

    /** The JWK thumbprint (RFC 7638) of the key, made now if it is not there yet. */
    public String thumbprint() {
        try {
            return key().key().toPublicJWK().computeThumbprint().toString();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot compute the signing key's thumbprint", e);
        }
    }

    private SigningKey key() {
        SigningKey loaded = key;
        if (loaded == null) {
            synchronized (this) {
                loaded = key;
                if (loaded == null) {
                    loaded = SigningKey.load(keyFile);
                    key = loaded;
                }
            }
        }
        return loaded;
    }

    private record SigningKey(ECKey key, ECDSASigner signer) {
        static SigningKey load(Path file) {
            String json = SecretFile.readOrCreate(file, () -> {
                try {
                    return new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
                            .keyID(UUID.randomUUID().toString()).generate().toJSONString();
                } catch (JOSEException e) {
                    throw new IllegalStateException("cannot make a signing key", e);
                }
            });
            try {
                ECKey key = ECKey.parse(json);
                return new SigningKey(key, new ECDSASigner(key));
            } catch (ParseException | JOSEException e) {
                throw new IllegalStateException(KEY_FILE + " does not hold an EC signing key");
            }
        }
    }
}
