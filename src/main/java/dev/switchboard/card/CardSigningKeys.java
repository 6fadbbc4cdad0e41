package dev.switchboard.card;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.switchboard.config.CardSigningSettings;
import dev.switchboard.protocol.signing.CardSigning;
import dev.switchboard.store.SecretFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * The keys that sign the Agent Card: the configured PKCS#12 or PEM key (and, during a rotation,
 * the previous one), else a P-256 key made once in the data directory, readable by the server's
 * user only. Key material never reaches a log or a message; only key ids do.
 */
public final class CardSigningKeys {
    static final String KEY_FILE = "card-signing-key.jwk";

    private final List<JWK> keys;

    private final boolean made;

    private CardSigningKeys(List<JWK> keys, boolean made) {
        this.keys = List.copyOf(keys);
        this.made = made;
    }

    /** The keys the settings name, or the data directory's key, made now if it is not there yet. */
    public static CardSigningKeys load(CardSigningSettings settings, Path dataDir) {
        List<JWK> keys = new ArrayList<>();
        if (settings.keyFile() == null) {
            keys.add(generated(dataDir.resolve(KEY_FILE)));
        } else {
            keys.add(fromFile(settings.keyFile(), settings.keyPassword(), settings.keyAlias()));
            if (settings.previousKeyFile() != null) {
                keys.add(fromFile(settings.previousKeyFile(), settings.previousKeyPassword(), null));
            }
        }
        if (keys.stream().map(JWK::getKeyID).distinct().count() != keys.size()) {
            throw new IllegalStateException("the current and the previous card-signing key are the same key");
        }
        return new CardSigningKeys(keys, settings.keyFile() == null);
    }

    /** The private keys, the current one first. */
    public List<JWK> signing() {
        return keys;
    }

    /**
     * The JWK thumbprint (RFC 7638) of the key made in the data directory, or empty when the
     * settings name the keys (the operator then gives every instance the same files).
     */
    public Optional<String> madeKeyThumbprint() {
        if (!made) {
            return Optional.empty();
        }
        try {
            return Optional.of(keys.get(0).toPublicJWK().computeThumbprint().toString());
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot compute the card-signing key's thumbprint", e);
        }
    }

    /** The public halves as a JWK Set document, for {@code jku}. */
    public String jwks() {
        return new JWKSet(keys.stream().map(JWK::toPublicJWK).toList()).toString();
    }

    private static JWK generated(Path file) {
        String json = SecretFile.readOrCreate(file, () -> {
            try {
                return new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
                        .keyID(UUID.randomUUID().toString()).generate().toJSONString();
            } catch (JOSEException e) {
                throw new IllegalStateException("cannot make a card-signing key", e);
            }
        });
        try {
            return checked(JWK.parse(json), file);
        } catch (ParseException e) {
            throw new IllegalStateException(file.getFileName() + " does not hold a JWK");
        }
    }

    private static JWK fromFile(Path file, char[] password, String alias) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            JWK key = name.endsWith(".p12") || name.endsWith(".pfx")
                    ? fromKeyStore(file, password, alias)
                    : PemKeys.read(Files.readString(file));
            JWK named = checked(withThumbprintId(key), file);
            // a PEM file may pair a private key with another key's public half; a made key cannot
            if (!CardSigning.pairMatches(named)) {
                throw new IllegalStateException(file.getFileName() + ": the public key does not belong to the private key");
            }
            return named;
        } catch (IOException | GeneralSecurityException | JOSEException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot read the card-signing key from " + file + ": "
                    + e.getClass().getSimpleName());
        }
    }

    private static JWK fromKeyStore(Path file, char[] password, String alias)
            throws IOException, GeneralSecurityException, JOSEException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        String chosen = alias;
        if (chosen == null) {
            List<String> entries = Collections.list(store.aliases()).stream().filter(a -> isKey(store, a)).toList();
            if (entries.size() != 1) {
                throw new IllegalArgumentException("the keystore has " + entries.size()
                        + " key entries; name one with switchboard.card.signing.key.alias");
            }
            chosen = entries.get(0);
        }
        // the JDK reads the entry; nimbus's own keystore reader needs Bouncy Castle for EC certificates
        java.security.Key key = store.getKey(chosen, password);
        java.security.cert.Certificate certificate = store.getCertificate(chosen);
        if (!(key instanceof java.security.PrivateKey privateKey) || certificate == null) {
            throw new IllegalArgumentException("no private key entry with a certificate");
        }
        return PemKeys.jwk(privateKey, certificate.getPublicKey());
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A private key of a type cards are signed with. */
    private static JWK checked(JWK key, Path file) {
        if (!key.isPrivate()) {
            throw new IllegalStateException(file.getFileName() + " holds no private key");
        }
        CardSigning.algorithmFor(key);
        return key;
    }

    /**
     * The key named by its RFC 7638 thumbprint: keystore aliases repeat across files (openssl
     * names every entry "1"), thumbprints differ for every key and stay the same across restarts.
     */
    private static JWK withThumbprintId(JWK key) throws JOSEException {
        String id = key.computeThumbprint().toString();
        if (key instanceof ECKey ec) {
            return new ECKey.Builder(ec).keyID(id).keyUse(KeyUse.SIGNATURE).build();
        }
        if (key instanceof RSAKey rsa) {
            return new RSAKey.Builder(rsa).keyID(id).keyUse(KeyUse.SIGNATURE).build();
        }
        throw new IllegalArgumentException("card signing keys are EC or RSA keys");
    }
}
