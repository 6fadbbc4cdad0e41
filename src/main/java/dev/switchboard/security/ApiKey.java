package dev.switchboard.security;

import java.time.Instant;
import java.util.Objects;

/**
 * A verified API key: what its signed payload says. It never holds the key text, so it cannot leak
 * it; {@link #toString()} shows the id, label, tier and expiry only.
 *
 * @param id        random identifier, 12 base64url characters; what revocation lists name
 * @param label     what the key is for, as given when it was issued
 * @param tier      {@link Tier#AUTHENTICATED} or {@link Tier#OPERATOR}, never {@link Tier#PUBLIC}
 * @param issuedAt  when it was issued, to the second
 * @param expiresAt the first second at which it is no longer accepted
 */
public record ApiKey(String id, String label, Tier tier, Instant issuedAt, Instant expiresAt) {
    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (tier == Tier.PUBLIC) {
            throw new IllegalArgumentException("an API key cannot carry the PUBLIC tier");
        }
    }

    /** Whether this key lets its holder use something that requires the given tier. */
    public boolean grants(Tier required) {
        return tier.compareTo(required) >= 0;
    }

    @Override
    public String toString() {
        return "ApiKey[id=" + id + ", label=" + label + ", tier=" + tier + ", expiresAt=" + expiresAt + "]";
    }
}
