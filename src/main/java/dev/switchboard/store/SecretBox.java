package dev.switchboard.store;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals the secrets the server must read back later (a webhook's token and credentials) with
 * AES-256-GCM under a key kept in the data directory. Each value is bound to where it is stored
 * (its associated data), so a sealed value copied into another row does not open there.
 */
public final class SecretBox {
    static final String KEY_FILE = "push-secrets.key";
    private static final String PREFIX = "gcm1:";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKey key;
    private final SecureRandom random = new SecureRandom();

    SecretBox(SecretKey key) {
        this.key = key;
    }

    /** The box whose key is {@code push-secrets.key} in the data directory, made on first use. */
    public static SecretBox inDirectory(Path dataDir) {
        String encoded = SecretFile.readOrCreate(dataDir.resolve(KEY_FILE), () -> {
            try {
                KeyGenerator generator = KeyGenerator.getInstance("AES");
                generator.init(256);
                return Base64.getEncoder().encodeToString(generator.generateKey().getEncoded());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES is not available", e);
            }
        });
        byte[] bytes = Base64.getDecoder().decode(encoded);
        if (bytes.length != 32) {
            throw new IllegalStateException(KEY_FILE + " does not hold a 256-bit key");
        }
        return new SecretBox(new SecretKeySpec(bytes, "AES"));
    }

    /**
     * A digest of the key, for instances that must hold the same one: it tells keys apart and
     * gives nothing of the key away.
     */
    public String fingerprint() {
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update("switchboard push-secrets key\u0000".getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sha.digest(key.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** @param where what the value belongs to, e.g. {@code taskId/configId/token}; must match on opening */
    public String seal(String plain, String where) {
        if (plain == null) {
            return null;
        }
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(where.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[IV_BYTES + sealed.length];
            System.arraycopy(iv, 0, out, 0, IV_BYTES);
            System.arraycopy(sealed, 0, out, IV_BYTES, sealed.length);
            return PREFIX + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing failed", e);
        }
    }

    /** @throws IllegalStateException when the value was not sealed by this key for this place */
    public String open(String sealed, String where) {
        if (sealed == null) {
            return null;
        }
        if (!sealed.startsWith(PREFIX)) {
            throw new IllegalStateException("not a sealed value");
        }
        byte[] in = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, IV_BYTES));
            cipher.updateAAD(where.getBytes(StandardCharsets.UTF_8));
            return new String(cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a sealed secret does not open: wrong key or moved value");
        }
    }
}
