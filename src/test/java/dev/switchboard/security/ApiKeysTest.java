package dev.switchboard.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.security.Verification.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeysTest {
    private static final Instant NOW = Instant.parse("2026-01-15T10:00:00Z");
    private static final byte[] SECRET = ApiKeys.decodeSecret(ApiKeys.newSecret());

    private static Clock at(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    private static ApiKeys keys() {
        return new ApiKeys(SECRET, Set.of(), at(NOW));
    }

    @Test
    void roundTrip() {
        String text = keys().issue("ci pipeline", Tier.OPERATOR, Duration.ofDays(30));
        assertTrue(text.startsWith("sbk_"));
        assertTrue(text.length() <= ApiKeys.MAX_KEY_CHARS);
        Verification result = keys().verify(text);
        assertTrue(result.isValid(), result::toString);
        ApiKey key = result.key();
        assertEquals(12, key.id().length());
        assertEquals("ci pipeline", key.label());
        assertEquals(Tier.OPERATOR, key.tier());
        assertEquals(NOW, key.issuedAt());
        assertEquals(NOW.plus(Duration.ofDays(30)), key.expiresAt());
        assertTrue(key.grants(Tier.AUTHENTICATED));
        assertTrue(key.grants(Tier.OPERATOR));
    }

    @Test
    void authenticatedKeyDoesNotGrantOperator() {
        ApiKey key = keys().verify(keys().issue("reader", Tier.AUTHENTICATED, Duration.ofHours(1))).key();
        assertEquals(Tier.AUTHENTICATED, key.tier());
        assertTrue(key.grants(Tier.PUBLIC));
        assertFalse(key.grants(Tier.OPERATOR));
    }

    @Test
    void labelsRoundTripInUnicode() {
        String label = "équipe 日本 😀".repeat(4);
        assertEquals(label, keys().verify(keys().issue(label, Tier.AUTHENTICATED, Duration.ofDays(1))).key().label());
    }

    @Test
    void everyKeyHasItsOwnId() {
        String first = keys().issue("a", Tier.AUTHENTICATED, Duration.ofDays(1));
        String second = keys().issue("a", Tier.AUTHENTICATED, Duration.ofDays(1));
        assertNotEquals(keys().verify(first).key().id(), keys().verify(second).key().id());
    }

    @Test
    void tamperedPayloadIsRefused() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        int dot = text.indexOf('.');
        byte[] payload = Base64.getUrlDecoder().decode(text.substring(4, dot));
        payload[1] = 2; // AUTHENTICATED -> OPERATOR
        String forged = "sbk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + text.substring(dot);
        assertEquals(Reason.BAD_SIGNATURE, keys().verify(forged).reason());
    }

    @Test
    void tamperedSignatureIsRefused() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        int dot = text.indexOf('.');
        byte[] signature = Base64.getUrlDecoder().decode(text.substring(dot + 1));
        signature[5] ^= 1;
        String forged = text.substring(0, dot + 1) + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        assertEquals(Reason.BAD_SIGNATURE, keys().verify(forged).reason());
    }

    @Test
    void keyFromAnotherSecretIsRefused() {
        ApiKeys other = new ApiKeys(ApiKeys.decodeSecret(ApiKeys.newSecret()), Set.of(), at(NOW));
        String text = other.issue("elsewhere", Tier.OPERATOR, Duration.ofDays(1));
        assertEquals(Reason.BAD_SIGNATURE, keys().verify(text).reason());
    }

    @Test
    void expiredKeyIsRefusedFromItsExpirySecond() {
        String text = keys().issue("short", Tier.AUTHENTICATED, Duration.ofHours(1));
        Instant expiry = NOW.plus(Duration.ofHours(1));
        assertTrue(new ApiKeys(SECRET, Set.of(), at(expiry.minusSeconds(1))).verify(text).isValid());
        assertEquals(Reason.EXPIRED, new ApiKeys(SECRET, Set.of(), at(expiry)).verify(text).reason());
        assertEquals(Reason.EXPIRED, new ApiKeys(SECRET, Set.of(), at(expiry.plusSeconds(86_400))).verify(text).reason());
    }

    @Test
    void revokedKeyIsRefusedBeforeExpiryIsChecked() {
        String text = keys().issue("leaked", Tier.OPERATOR, Duration.ofHours(1));
        String id = keys().verify(text).key().id();
        ApiKeys revoking = new ApiKeys(SECRET, Set.of("someOtherId0", id), at(NOW));
        assertEquals(Reason.REVOKED, revoking.verify(text).reason());
        ApiKeys laterRevoking = new ApiKeys(SECRET, Set.of(id), at(NOW.plus(Duration.ofDays(2))));
        assertEquals(Reason.REVOKED, laterRevoking.verify(text).reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "sbk_", "sbk_.", "sbk_abc", "abc.def", "Bearer sbk_abc.def", "sbk_abc.",
            "sbk_.abc", "sbk_a+b/.abc", "sbk_abc=.def", "sbk_ab c.def", "sbk_abc.def.ghi", "SBK_abc.def",
            "sbk_AAAA.AAAA"})
    void malformedInputsAreRefused(String text) {
        assertEquals(Reason.MALFORMED, keys().verify(text).reason());
    }

    @Test
    void nullIsMalformed() {
        assertEquals(Reason.MALFORMED, keys().verify(null).reason());
    }

    @Test
    void wrongPrefixTruncatedAndPaddedKeysAreMalformed() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        assertEquals(Reason.MALFORMED, keys().verify("sbx_" + text.substring(4)).reason());
        assertEquals(Reason.MALFORMED, keys().verify(text.substring(0, text.length() - 1)).reason());
        assertEquals(Reason.MALFORMED, keys().verify(text.substring(0, text.indexOf('.') + 1)).reason());
        assertEquals(Reason.MALFORMED, keys().verify(text.substring(0, text.indexOf('.'))).reason());
        assertEquals(Reason.MALFORMED, keys().verify(text + "=").reason());
        assertEquals(Reason.MALFORMED, keys().verify(text + " ").reason());
    }

    @Test
    void hugeInputIsRefusedWithoutDecoding() {
        assertEquals(Reason.MALFORMED, keys().verify("sbk_" + "A".repeat(1_000_000) + ".AAAA").reason());
    }

    @Test
    void signedButUnknownLayoutIsMalformed() {
        byte[] payload = new byte[40];
        payload[0] = 9; // a format version this server does not know
        String text = signed(payload);
        assertEquals(Reason.MALFORMED, keys().verify(text).reason());
    }

    @Test
    void signedPublicTierIsMalformed() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        byte[] payload = Base64.getUrlDecoder().decode(text.substring(4, text.indexOf('.')));
        payload[1] = 0;
        assertEquals(Reason.MALFORMED, keys().verify(signed(payload)).reason());
    }

    private static String signed(byte[] payload) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(SECRET, "HmacSHA256"));
            Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
            return "sbk_" + encoder.encodeToString(payload) + "." + encoder.encodeToString(mac.doFinal(payload));
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void withoutSecretEveryKeyIsRefused() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        ApiKeys closed = new ApiKeys(null, Set.of(), at(NOW));
        assertFalse(closed.hasSecret());
        assertEquals(Reason.NO_SECRET, closed.verify(text).reason());
        assertEquals(Reason.NO_SECRET, closed.verify("garbage").reason());
        assertThrows(IllegalStateException.class, () -> closed.issue("x", Tier.AUTHENTICATED, Duration.ofDays(1)));
    }

    @Test
    void shortSecretIsRejectedAtConstruction() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ApiKeys(new byte[31], Set.of(), at(NOW)));
        assertTrue(e.getMessage().contains("32"));
        assertThrows(IllegalArgumentException.class, () -> new ApiKeys(new byte[0], Set.of(), at(NOW)));
    }

    @Test
    void newSecretIs32RandomBytes() {
        String first = ApiKeys.newSecret();
        assertEquals(32, Base64.getDecoder().decode(first).length);
        assertNotEquals(first, ApiKeys.newSecret());
    }

    @Test
    void secretTextMayUseEitherBase64AlphabetAndIsNeverEchoed() {
        byte[] bytes = new byte[32];
        bytes[0] = (byte) 0xfb;
        bytes[1] = (byte) 0xff;
        assertArrayEquals(bytes, ApiKeys.decodeSecret(Base64.getEncoder().encodeToString(bytes)));
        assertArrayEquals(bytes, ApiKeys.decodeSecret(" " + Base64.getUrlEncoder().encodeToString(bytes) + "\n"));
        String bad = "not*base64*secret-value";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ApiKeys.decodeSecret(bad));
        assertFalse(e.getMessage().contains("secret-value"));
        assertEquals(null, e.getCause());
    }

    @Test
    void secretArrayIsCopied() {
        byte[] secret = SECRET.clone();
        ApiKeys keys = new ApiKeys(secret, Set.of(), at(NOW));
        String text = keys.issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        secret[0] ^= 1;
        assertTrue(keys.verify(text).isValid());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "two\nlines", "tab\there", "nul\u0000", "bidi\u202eevil", "bell\u0007",
            "line\u2028sep", "lone\ud800surrogate"})
    void badLabelsAreRejected(String label) {
        assertThrows(IllegalArgumentException.class, () -> keys().issue(label, Tier.AUTHENTICATED, Duration.ofDays(1)));
    }

    @Test
    void labelLengthIsCountedInCharacters() {
        keys().issue("x".repeat(64), Tier.AUTHENTICATED, Duration.ofDays(1));
        keys().issue("😀".repeat(64), Tier.AUTHENTICATED, Duration.ofDays(1));
        assertThrows(IllegalArgumentException.class,
                () -> keys().issue("x".repeat(65), Tier.AUTHENTICATED, Duration.ofDays(1)));
        assertThrows(IllegalArgumentException.class, () -> keys().issue(null, Tier.AUTHENTICATED, Duration.ofDays(1)));
    }

    @Test
    void publicTierAndEmptyValidityAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> keys().issue("x", Tier.PUBLIC, Duration.ofDays(1)));
        assertThrows(IllegalArgumentException.class, () -> keys().issue("x", Tier.AUTHENTICATED, Duration.ZERO));
        assertThrows(IllegalArgumentException.class,
                () -> keys().issue("x", Tier.AUTHENTICATED, Duration.ofMillis(999)));
        assertThrows(IllegalArgumentException.class,
                () -> keys().issue("x", Tier.AUTHENTICATED, Duration.ofDays(-1)));
    }

    @Test
    void stringFormsNeverContainTheKeyOrSecret() {
        String text = keys().issue("reader", Tier.AUTHENTICATED, Duration.ofDays(1));
        String signature = text.substring(text.indexOf('.') + 1);
        String payload = text.substring(4, text.indexOf('.'));
        Verification valid = keys().verify(text);
        for (String shown : new String[] {valid.toString(), valid.key().toString(), keys().toString(),
                keys().verify(text + "x").toString()}) {
            assertFalse(shown.contains(signature), shown);
            assertFalse(shown.contains(payload), shown);
            assertFalse(shown.contains(Base64.getEncoder().encodeToString(SECRET)), shown);
        }
        assertTrue(valid.key().toString().contains("reader"));
        assertTrue(valid.key().toString().contains(valid.key().id()));
        assertFalse(valid.key().toString().contains("issuedAt"));
    }

    @Test
    void refusedVerificationHasNoKey() {
        Verification refused = keys().verify("nope");
        assertFalse(refused.isValid());
        IllegalStateException e = assertThrows(IllegalStateException.class, refused::key);
        assertFalse(e.getMessage().contains("nope"));
    }

    @Test
    void payloadIsTheDocumentedLayout() {
        String text = keys().issue("ab", Tier.OPERATOR, Duration.ofSeconds(60));
        byte[] payload = Base64.getUrlDecoder().decode(text.substring(4, text.indexOf('.')));
        assertEquals(30, payload.length);
        assertEquals(1, payload[0]);
        assertEquals(2, payload[1]);
        assertEquals(2, payload[27]);
        assertEquals("ab", new String(payload, 28, 2, StandardCharsets.UTF_8));
    }
}
