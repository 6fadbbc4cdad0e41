package dev.switchboard.protocol.signing;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;

/**
 * The card-signing test vectors in {@code src/test/resources/card-signing} (see the README.md
 * there): one directory per card, the fixed test-only keys, and how to read them.
 */
final class CardVectors {
    static final Path ROOT = Path.of(System.getProperty("card.vectors.dir", "src/test/resources/card-signing"));
    static final String CARD = "card.json";
    static final String AS_SERVED = "as-served.jcs";
    static final String V1_MODEL = "v1-model.jcs";
    static final String SIGNED = "signed.json";
    static final String SIGNATURES = "signatures.json";
    static final String JS_SIGNED = "js-sdk-signed.json";

    private CardVectors() {
    }

    /** The vector directories, by name. */
    static List<Path> all() {
        try (Stream<Path> dirs = Files.list(ROOT.resolve("vectors"))) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonObject json(Path file) {
        return JsonFactory.createReader(new StringReader(text(file))).readObject();
    }

    static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The test-only private keys, ES256, ES384 and RS256 in that order. */
    static List<JWK> privateKeys() {
        return keys("test-only-private-keys.jwks.json");
    }

    /** The public JWK Set a verifier of the vectors trusts. */
    static List<JWK> publicKeys() {
        return keys("jwks.json");
    }

    /** A verifier that trusts the vectors' public keys, whatever {@code jku} a signature names. */
    static CardVerifier verifier() {
        List<JWK> trusted = publicKeys();
        return new CardVerifier((kid, jku) -> trusted.stream().filter(k -> k.getKeyID().equals(kid)).findFirst(),
                Clock.systemUTC());
    }

    private static List<JWK> keys(String name) {
        try {
            return JWKSet.parse(text(ROOT.resolve("keys").resolve(name))).getKeys();
        } catch (ParseException e) {
            throw new IllegalStateException(name + " is not a JWK Set", e);
        }
    }
}
