package dev.switchboard.card;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import dev.switchboard.config.CardSigningSettings;
import dev.switchboard.protocol.signing.CardSigning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The card-signing keys an operator configures: PKCS#12 from keytool, PEM, a rotation pair, and the made one. */
class CardSigningKeysTest {
    @TempDir
    Path dir;

    private static CardSigningSettings configured(Path key, String password, Path previous, String previousPassword) {
        return new CardSigningSettings(true, key, password == null ? null : password.toCharArray(), null, previous,
                previousPassword == null ? null : previousPassword.toCharArray());
    }

    private Path keytool(String name, String keyAlg, String extra) throws Exception {
        Path store = dir.resolve(name + ".p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        var command = new java.util.ArrayList<>(java.util.List.of(keytool, "-genkeypair", "-alias", name,
                "-keyalg", keyAlg, "-dname", "CN=" + name, "-validity", "30", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit"));
        command.addAll(java.util.List.of(extra.split(" ")));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes()));
        return store;
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    @Test
    void aPkcs12KeyFromKeytoolSignsAndItsIdIsItsThumbprint() throws Exception {
        Path store = keytool("current", "EC", "-groupname secp256r1");
        CardSigningKeys keys = CardSigningKeys.load(configured(store, "changeit", null, null), dir);
        JWK key = keys.signing().get(0);
        assertTrue(key instanceof ECKey && key.isPrivate());
        assertEquals(key.computeThumbprint().toString(), key.getKeyID());
        assertEquals(JWSAlgorithm.ES256, CardSigning.algorithmFor(key));
        assertFalse(keys.jwks().contains("\"d\""));
        assertThrows(IllegalStateException.class,
                () -> CardSigningKeys.load(configured(store, "wrong", null, null), dir));
    }

    @Test
    void duringARotationBothKeysSignAndArePublished() throws Exception {
        Path current = keytool("current", "RSA", "-keysize 2048");
        Path previous = keytool("previous", "EC", "-groupname secp384r1");
        CardSigningKeys keys = CardSigningKeys.load(configured(current, "changeit", previous, "changeit"), dir);
        assertEquals(2, keys.signing().size());
        assertTrue(keys.signing().get(0) instanceof RSAKey, "the current key signs first");
        assertEquals(JWSAlgorithm.ES384, CardSigning.algorithmFor(keys.signing().get(1)));
        assertNotEquals(keys.signing().get(0).getKeyID(), keys.signing().get(1).getKeyID());
        for (JWK key : keys.signing()) {
            assertTrue(keys.jwks().contains(key.getKeyID()));
        }
        assertThrows(IllegalStateException.class,
                () -> CardSigningKeys.load(configured(current, "changeit", current, "changeit"), dir));
    }

    @Test
    void pemKeysAreReadWithTheirPublicHalf() throws Exception {
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = ec.generateKeyPair();
        Path both = dir.resolve("ec.pem");
        Files.writeString(both, pem("PRIVATE KEY", pair.getPrivate().getEncoded())
                + pem("PUBLIC KEY", pair.getPublic().getEncoded()));
        assertTrue(CardSigningKeys.load(configured(both, null, null, null), dir).signing().get(0) instanceof ECKey);

        Path mismatched = dir.resolve("ec-mismatched.pem");
        Files.writeString(mismatched, pem("PRIVATE KEY", pair.getPrivate().getEncoded())
                + pem("PUBLIC KEY", ec.generateKeyPair().getPublic().getEncoded()));
        assertTrue(assertThrows(IllegalStateException.class, () -> CardSigningKeys.load(
                configured(mismatched, null, null, null), dir)).getMessage().contains("does not belong"));

        Path alone = dir.resolve("ec-alone.pem");
        Files.writeString(alone, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
        assertThrows(IllegalStateException.class, () -> CardSigningKeys.load(configured(alone, null, null, null), dir));

        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        Path rsaPem = dir.resolve("rsa.pem");
        Files.writeString(rsaPem, pem("PRIVATE KEY", rsa.generateKeyPair().getPrivate().getEncoded()));
        assertTrue(CardSigningKeys.load(configured(rsaPem, null, null, null), dir).signing().get(0) instanceof RSAKey,
                "an RSA public key is derived from the private one");

        rsa.initialize(1024);
        Path weak = dir.resolve("weak.pem");
        Files.writeString(weak, pem("PRIVATE KEY", rsa.generateKeyPair().getPrivate().getEncoded()));
        assertThrows(IllegalStateException.class, () -> CardSigningKeys.load(configured(weak, null, null, null), dir));
    }

    @Test
    void theMadeKeyIsOwnerOnlyAndKept() throws Exception {
        CardSigningKeys made = CardSigningKeys.load(CardSigningSettings.DEFAULT, dir);
        Path file = dir.resolve(CardSigningKeys.KEY_FILE);
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(file));
        assertEquals(made.signing().get(0).getKeyID(),
                CardSigningKeys.load(CardSigningSettings.DEFAULT, dir).signing().get(0).getKeyID());
    }
}
