package dev.switchboard.security;

import java.util.Objects;

/**
 * The outcome of checking a presented API key: either the verified {@link ApiKey} or the reason it
 * was refused. Neither form holds the presented text.
 */
public final class Verification {
    /** Why a key was refused, in the order the checks run. */
    public enum Reason {
        /** The server has no key secret, so it accepts no key at all. */
        NO_SECRET,
        /** Not a Switchboard key: wrong prefix, shape, encoding, size or payload layout. */
        MALFORMED,
        /** The signature does not match: tampered with, or signed with another secret. */
        BAD_SIGNATURE,
        /** Its id is on the revocation list. */
        REVOKED,
        /** Its expiry has passed. */
        EXPIRED
    }

    private final ApiKey key;
    private final Reason reason;

    private Verification(ApiKey key, Reason reason) {
        this.key = key;
        this.reason = reason;
    }

    public static Verification valid(ApiKey key) {
        return new Verification(Objects.requireNonNull(key, "key"), null);
    }

    public static Verification refused(Reason reason) {
        return new Verification(null, Objects.requireNonNull(reason, "reason"));
    }

    public boolean isValid() {
        return key != null;
    }

    /** The verified key. @throws IllegalStateException when the key was refused */
    public ApiKey key() {
        if (key == null) {
            throw new IllegalStateException("key refused: " + reason);
        }
        return key;
    }

    /** Why the key was refused, or null when it is valid. */
    public Reason reason() {
        return reason;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Verification that && Objects.equals(key, that.key) && reason == that.reason;
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, reason);
    }

    @Override
    public String toString() {
        return isValid() ? "valid " + key : "refused: " + reason;
    }
}
