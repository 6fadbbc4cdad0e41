package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.Tier;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    private static final String SECRET = ApiKeys.newSecret();
    private static final Map<String, String> CONFIGURED = Map.of("SWITCHBOARD_KEY_SECRET", SECRET);

    /** One run's exit code and output. */
    record Outcome(int exit, String out, String err) {
    }

    static Outcome runWithStdin(Map<String, String> environment, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, environment, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Outcome run(Map<String, String> environment, String... args) {
        return runWithStdin(environment, "", args);
    }

    @Test
    void secretPrintsANewSecret() {
        Outcome outcome = run(Map.of(), "keys", "secret");
        assertEquals(0, outcome.exit());
        assertEquals(32, Base64.getDecoder().decode(outcome.out().strip()).length);
        assertNotSame(outcome.out(), run(Map.of(), "keys", "secret").out());
    }

    private static void assertNotSame(String first, String second) {
        assertFalse(first.equals(second), "two secrets were equal");
    }

    @Test
    void issuePrintsTheKeyOnStdoutAndItsDetailsOnStderr() {
        Outcome outcome = run(CONFIGURED, "keys", "issue", "nightly build", "--tier", "operator", "--days", "7");
        assertEquals(0, outcome.exit(), outcome.err());
        String key = outcome.out().strip();
        assertTrue(key.startsWith("sbk_"));
        assertFalse(key.contains("\n"));
        assertTrue(outcome.err().contains("label=nightly build"), outcome.err());
        assertTrue(outcome.err().contains("tier=OPERATOR"), outcome.err());
        assertFalse(outcome.err().contains(key));
        var verified = new ApiKeys(Base64.getDecoder().decode(SECRET), Set.of(), Clock.systemUTC()).verify(key);
        assertEquals(Tier.OPERATOR, verified.key().tier());
        assertEquals(Duration.ofDays(7), Duration.between(verified.key().issuedAt(), verified.key().expiresAt()));
    }

    @Test
    void issueDefaultsToAuthenticatedFor90Days() {
        Outcome outcome = run(CONFIGURED, "keys", "issue", "reader");
        assertEquals(0, outcome.exit(), outcome.err());
        assertTrue(outcome.err().contains("tier=AUTHENTICATED"), outcome.err());
    }

    @Test
    void issueReadsTheSecretFromAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("key-secret");
        Files.writeString(file, SECRET + "\n");
        Outcome outcome = run(Map.of(), "keys", "issue", "from file", "--secret-file", file.toString());
        assertEquals(0, outcome.exit(), outcome.err());
        assertEquals(0, run(CONFIGURED, "keys", "verify", outcome.out().strip()).exit());
    }

    @Test
    void issueWithoutSecretFails() {
        Outcome outcome = run(Map.of(), "keys", "issue", "reader");
        assertEquals(1, outcome.exit());
        assertEquals("", outcome.out());
        assertTrue(outcome.err().contains("SWITCHBOARD_KEY_SECRET"), outcome.err());
    }

    @Test
    void issueRejectsBadInputWithoutPrintingAKey() {
        assertEquals(2, run(CONFIGURED, "keys", "issue", "x", "--tier", "superuser").exit());
        assertEquals(2, run(CONFIGURED, "keys", "issue", "x", "--days", "0").exit());
        Outcome publicTier = run(CONFIGURED, "keys", "issue", "x", "--tier", "PUBLIC");
        assertEquals(1, publicTier.exit());
        assertEquals("", publicTier.out());
        Outcome badLabel = run(CONFIGURED, "keys", "issue", "two\nlines");
        assertEquals(1, badLabel.exit());
        assertTrue(badLabel.err().contains("label"), badLabel.err());
    }

    @Test
    void shortSecretIsReportedWithoutBeingShown() {
        String shortSecret = Base64.getEncoder().encodeToString("only sixteen byt".getBytes(StandardCharsets.UTF_8));
        Outcome outcome = run(Map.of("SWITCHBOARD_KEY_SECRET", shortSecret), "keys", "issue", "x");
        assertEquals(1, outcome.exit());
        assertTrue(outcome.err().contains("at least 32 bytes"), outcome.err());
        assertFalse(outcome.err().contains(shortSecret));
    }

    @Test
    void verifyAcceptsAValidKey() {
        String key = run(CONFIGURED, "keys", "issue", "reader").out().strip();
        Outcome outcome = run(CONFIGURED, "keys", "verify", key);
        assertEquals(0, outcome.exit(), outcome.out() + outcome.err());
        assertTrue(outcome.out().startsWith("valid id="), outcome.out());
        assertTrue(outcome.out().contains("label=reader"), outcome.out());
    }

    @Test
    void verifyReadsTheKeyFromStdin() {
        String key = run(CONFIGURED, "keys", "issue", "reader").out().strip();
        Outcome outcome = runWithStdin(CONFIGURED, key + "\n", "keys", "verify", "-");
        assertEquals(0, outcome.exit(), outcome.out());
    }

    @Test
    void verifyFailsForRefusedKeys() {
        String key = run(CONFIGURED, "keys", "issue", "reader").out().strip();
        Outcome tampered = run(CONFIGURED, "keys", "verify", key.substring(0, key.length() - 2) + "AA");
        assertEquals(1, tampered.exit());
        assertEquals("refused BAD_SIGNATURE", tampered.out().strip());
        Outcome malformed = run(CONFIGURED, "keys", "verify", "not-a-key");
        assertEquals(1, malformed.exit());
        assertEquals("refused MALFORMED", malformed.out().strip());
        assertEquals("refused NO_SECRET", run(Map.of(), "keys", "verify", key).out().strip());
        assertEquals(1, runWithStdin(CONFIGURED, "", "keys", "verify", "-").exit());
    }

    @Test
    void verifyHonoursTheRevocationList() {
        String key = run(CONFIGURED, "keys", "issue", "leaked").out().strip();
        String id = new ApiKeys(Base64.getDecoder().decode(SECRET), Set.of(), Clock.systemUTC()).verify(key).key().id();
        Map<String, String> revoking = Map.of("SWITCHBOARD_KEY_SECRET", SECRET,
                "SWITCHBOARD_REVOKED_KEYS", "other, " + id + " ,");
        Outcome outcome = run(revoking, "keys", "verify", key);
        assertEquals(1, outcome.exit());
        assertEquals("refused REVOKED", outcome.out().strip());
    }

    @Test
    void verifyReportsExpiredKeys() {
        ApiKeys past = new ApiKeys(Base64.getDecoder().decode(SECRET), Set.of(),
                Clock.fixed(Instant.parse("2020-01-01T00:00:00Z"), ZoneOffset.UTC));
        String key = past.issue("old", Tier.AUTHENTICATED, Duration.ofDays(1));
        assertEquals("refused EXPIRED", run(CONFIGURED, "keys", "verify", key).out().strip());
    }

    @Test
    void statusShowsConfigurationButNeverTheSecret() {
        Outcome outcome = run(Map.of("SWITCHBOARD_KEY_SECRET", SECRET, "SWITCHBOARD_REVOKED_KEYS", "abc,def"),
                "keys", "status");
        assertEquals(0, outcome.exit(), outcome.out());
        assertTrue(outcome.out().contains("key secret: configured"), outcome.out());
        assertTrue(outcome.out().contains("revoked keys (SWITCHBOARD_REVOKED_KEYS): 2"), outcome.out());
        assertTrue(outcome.out().contains("  abc"), outcome.out());
        assertTrue(outcome.out().contains("  def"), outcome.out());
        assertFalse(outcome.out().contains(SECRET));
        assertFalse(outcome.err().contains(SECRET));
    }

    @Test
    void statusReportsAMissingOrUnusableSecret() {
        Outcome missing = run(Map.of(), "keys", "status");
        assertEquals(1, missing.exit());
        assertTrue(missing.out().contains("not configured"), missing.out());
        assertTrue(missing.out().contains("revoked keys (SWITCHBOARD_REVOKED_KEYS): 0"), missing.out());
        String bad = "this-is-not*base64";
        Outcome unusable = run(Map.of("SWITCHBOARD_KEY_SECRET", bad), "keys", "status");
        assertEquals(1, unusable.exit());
        assertTrue(unusable.out().contains("unusable"), unusable.out());
        assertFalse(unusable.out().contains(bad));
        assertFalse(unusable.err().contains(bad));
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, run(Map.of()).exit());
        assertEquals(2, run(Map.of(), "keys").exit());
        assertEquals(2, run(Map.of(), "keys", "nonsense").exit());
        assertEquals(2, run(CONFIGURED, "keys", "verify").exit());
        assertEquals(0, run(Map.of(), "keys", "--help").exit());
        assertEquals(0, run(Map.of(), "--version").exit());
    }
}
