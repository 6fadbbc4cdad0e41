package dev.switchboard.client.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Proof Key for Code Exchange (RFC 7636) with S256 only: the plain method would hand the verifier
 * to whoever sees the authorization request. Also makes the login's {@code state}.
 */
final class Pkce {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String verifier = random(32);

    /** 43 characters of base64url from 32 random bytes: the verifier RFC 7636 §4.1 asks for. */
    String verifier() {
        return verifier;
    }

    String challenge() {
        return challenge(verifier);
    }

    static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@code bytes} random bytes, base64url without padding. */
    static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    }
}
