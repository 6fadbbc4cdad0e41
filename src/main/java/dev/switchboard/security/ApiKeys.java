package dev.switchboard.security;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed API keys that are checked without any storage lookup: the key carries its own id, label,
 * tier and validity, signed with the server's secret.
 *
 * <p>Key text: {@code sbk_<base64url(payload)>.<base64url(HMAC-SHA256(secret, payload))>}, base64url
 * without padding. The payload is a fixed binary layout, version 1, big-endian:
 * <pre>
 *  offset size  field
 *       0    1  format version (1)
 *       1    1  tier: 1 = AUTHENTICATED, 2 = OPERATOR (PUBLIC needs no key and is never issued)
 *       2    9  key id, random; shown as 12 base64url characters
 *      11    8  issued at, epoch seconds
 *      19    8  expires at, epoch seconds (the key is refused from that second on)
 *      27    1  label length L in UTF-8 bytes
 *      28    L  label, UTF-8: 1..64 characters, no control, format or line-separator characters
 * </pre>
 *
 * <p>Checks run in this order, the first failing one giving the reason: no secret configured →
 * envelope malformed (prefix, dot, base64url, sizes) → signature (compared in constant time) →
 * payload layout (only a correctly signed payload is ever parsed) → revoked → expired.
 *
 * <p>Neither the key text nor the secret ever appears in an exception message or a string form.
 * Instances are immutable and safe for concurrent use.
 */
public final class ApiKeys {
    /** What every key starts with. */
    public static final String PREFIX = "sbk_";
    /** Fewest secret bytes accepted. */
    public static final int MIN_SECRET_BYTES = 32;
    /** Longest label, in characters (code points). */
    public static final int MAX_LABEL_CHARS = 64;

    static final int VERSION = 1;
    static final int ID_BYTES = 9;
    private static final int HEADER_BYTES = 28;
    private static final int SIGNATURE_BYTES = 32;
    private static final int MAX_PAYLOAD_BYTES = HEADER_BYTES + 255;
    /** Anything longer is refused before decoding. */
    static final int MAX_KEY_CHARS = PREFIX.length() + encodedLength(MAX_PAYLOAD_BYTES) + 1
            + encodedLength(SIGNATURE_BYTES);
    private static final String ALGORITHM = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec secret;
    private final Set<String> revokedKeyIds;
    private final Clock clock;

    /**
     * @param secret        the signing secret, at least {@value #MIN_SECRET_BYTES} bytes; null when none
     *                      is configured, and then every key is refused with {@link Verification.Reason#NO_SECRET}
     * @param revokedKeyIds ids of keys to refuse although correctly signed
     * @param clock         what "now" is, for issuing and expiry
     * @throws IllegalArgumentException when the secret is shorter than {@value #MIN_SECRET_BYTES} bytes
     */
    public ApiKeys(byte[] secret, Set<String> revokedKeyIds, Clock clock) {
        if (secret != null && secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("the key secret must be at least " + MIN_SECRET_BYTES
                    + " bytes, it has " + secret.length);
        }
        this.secret = secret == null ? null : new SecretKeySpec(secret.clone(), ALGORITHM);
        this.revokedKeyIds = Set.copyOf(revokedKeyIds);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A new random secret of {@value #MIN_SECRET_BYTES} bytes, as standard base64 text. */
    public static String newSecret() {
        byte[] bytes = new byte[MIN_SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The secret bytes from their base64 text (standard or URL alphabet, padding optional).
     *
     * @throws IllegalArgumentException when the text is not base64; the message does not repeat it
     */
    public static byte[] decodeSecret(String base64) {
        String text = Objects.requireNonNull(base64, "secret").strip();
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException notStandard) {
            try {
                return Base64.getUrlDecoder().decode(text);
            } catch (IllegalArgumentException notUrl) {
                throw new IllegalArgumentException("the key secret is not valid base64 text", null);
            }
        }
    }

    /** Whether a secret is configured, so that keys can be issued and accepted. */
    public boolean hasSecret() {
        return secret != null;
    }

    /** The revoked key ids this instance refuses. */
    public Set<String> revokedKeyIds() {
        return revokedKeyIds;
    }

    /**
     * Issues a key.
     *
     * @param label    what the key is for: 1..{@value #MAX_LABEL_CHARS} printable characters
     * @param tier     {@link Tier#AUTHENTICATED} or {@link Tier#OPERATOR}
     * @param validity how long from now it is accepted; at least one second
     * @return the key text, to be handed over once; it is not kept anywhere
     * @throws IllegalStateException    when no secret is configured
     * @throws IllegalArgumentException for an invalid label, tier or validity
     */
    public String issue(String label, Tier tier, Duration validity) {
        if (secret == null) {
            throw new IllegalStateException("no key secret is configured; keys cannot be issued");
        }
        checkLabel(label);
        Objects.requireNonNull(tier, "tier");
        if (tier == Tier.PUBLIC) {
            throw new IllegalArgumentException("PUBLIC needs no key; issue AUTHENTICATED or OPERATOR");
        }
        Objects.requireNonNull(validity, "validity");
        if (validity.getSeconds() < 1) {
            throw new IllegalArgumentException("validity must be at least one second");
        }
        long issuedAt = clock.instant().getEpochSecond();
        long expiresAt = Math.addExact(issuedAt, validity.getSeconds());
        byte[] id = new byte[ID_BYTES];
        RANDOM.nextBytes(id);
        byte[] labelBytes = label.getBytes(StandardCharsets.UTF_8);
        ByteBuffer payload = ByteBuffer.allocate(HEADER_BYTES + labelBytes.length)
                .put((byte) VERSION).put((byte) tierCode(tier)).put(id)
                .putLong(issuedAt).putLong(expiresAt).put((byte) labelBytes.length).put(labelBytes);
        byte[] bytes = payload.array();
        return PREFIX + ENCODER.encodeToString(bytes) + "." + ENCODER.encodeToString(sign(bytes));
    }

    /** Checks a presented key; see the class comment for the order of the checks. */
    public Verification verify(String presented) {
        if (secret == null) {
            return Verification.refused(Verification.Reason.NO_SECRET);
        }
        if (presented == null || presented.length() > MAX_KEY_CHARS || !presented.startsWith(PREFIX)) {
            return Verification.refused(Verification.Reason.MALFORMED);
        }
        int dot = presented.indexOf('.', PREFIX.length());
        if (dot < 0) {
            return Verification.refused(Verification.Reason.MALFORMED);
        }
        byte[] payload = decode(presented.substring(PREFIX.length(), dot));
        byte[] signature = decode(presented.substring(dot + 1));
        if (payload == null || signature == null || payload.length < HEADER_BYTES + 1
                || payload.length > MAX_PAYLOAD_BYTES || signature.length != SIGNATURE_BYTES) {
            return Verification.refused(Verification.Reason.MALFORMED);
        }
        if (!MessageDigest.isEqual(sign(payload), signature)) {
            return Verification.refused(Verification.Reason.BAD_SIGNATURE);
        }
        ApiKey key = parse(payload);
        if (key == null) {
            return Verification.refused(Verification.Reason.MALFORMED);
        }
        if (revokedKeyIds.contains(key.id())) {
            return Verification.refused(Verification.Reason.REVOKED);
        }
        if (clock.instant().getEpochSecond() >= key.expiresAt().getEpochSecond()) {
            return Verification.refused(Verification.Reason.EXPIRED);
        }
        return Verification.valid(key);
    }

    /**
     * @throws IllegalArgumentException when the label is not 1..64 printable characters
     */
    public static void checkLabel(String label) {
        String problem = labelProblem(label);
        if (problem != null) {
            throw new IllegalArgumentException("label " + problem);
        }
    }

    private static String labelProblem(String label) {
        if (label == null || label.isBlank()) {
            return "must not be empty";
        }
        if (label.codePointCount(0, label.length()) > MAX_LABEL_CHARS) {
            return "must be at most " + MAX_LABEL_CHARS + " characters";
        }
        boolean printable = label.codePoints().allMatch(c -> {
            int type = Character.getType(c);
            return !Character.isISOControl(c) && type != Character.SURROGATE && type != Character.FORMAT
                    && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
                    && type != Character.UNASSIGNED && type != Character.PRIVATE_USE;
        });
        return printable ? null : "must contain printable characters only";
    }

    private ApiKey parse(byte[] payload) {
        ByteBuffer in = ByteBuffer.wrap(payload);
        int version = in.get() & 0xff;
        Tier tier = tierOf(in.get() & 0xff);
        byte[] id = new byte[ID_BYTES];
        in.get(id);
        long issuedAt = in.getLong();
        long expiresAt = in.getLong();
        int labelLength = in.get() & 0xff;
        if (version != VERSION || tier == null || labelLength != in.remaining() || expiresAt <= issuedAt) {
            return null;
        }
        String label;
        try {
            label = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(in).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        if (labelProblem(label) != null) {
            return null;
        }
        try {
            return new ApiKey(ENCODER.encodeToString(id), label, tier,
                    Instant.ofEpochSecond(issuedAt), Instant.ofEpochSecond(expiresAt));
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    private byte[] sign(byte[] payload) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(secret);
            return mac.doFinal(payload);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available in this Java runtime", e);
        }
    }

    /** Strict base64url without padding; null for anything else, including non-canonical forms. */
    private static byte[] decode(String text) {
        if (text.isEmpty() || !text.chars().allMatch(ApiKeys::isBase64Url)) {
            return null;
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(text);
            return ENCODER.encodeToString(bytes).equals(text) ? bytes : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean isBase64Url(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    private static int tierCode(Tier tier) {
        return switch (tier) {
            case AUTHENTICATED -> 1;
            case OPERATOR -> 2;
            case PUBLIC -> throw new IllegalArgumentException("PUBLIC needs no key");
        };
    }

    private static Tier tierOf(int code) {
        return switch (code) {
            case 1 -> Tier.AUTHENTICATED;
            case 2 -> Tier.OPERATOR;
            default -> null;
        };
    }

    private static int encodedLength(int bytes) {
        return (bytes * 4 + 2) / 3;
    }

    @Override
    public String toString() {
        return "ApiKeys[secret=" + (secret == null ? "none" : "configured") + ", revoked=" + revokedKeyIds.size() + "]";
    }
}
