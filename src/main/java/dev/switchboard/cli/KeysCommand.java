package dev.switchboard.cli;

import dev.switchboard.security.ApiKey;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.Tier;
import dev.switchboard.security.Verification;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keys}: make a secret, issue, verify and review API keys. */
@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Signed API keys: make a secret, issue a key, verify a key, show the configuration.")
final class KeysCommand implements Runnable {
    /** The environment variable holding the base64 key secret. */
    static final String SECRET_VARIABLE = "SWITCHBOARD_KEY_SECRET";
    /** The environment variable listing revoked key ids, comma-separated. */
    static final String REVOKED_VARIABLE = "SWITCHBOARD_REVOKED_KEYS";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "a subcommand is required: secret, issue, verify or status");
    }

    /** Where the secret comes from: {@code --secret-file}, else the environment. */
    static final class SecretSource {
        @Option(names = "--secret-file", paramLabel = "PATH",
                description = "File holding the base64 key secret (default: environment " + SECRET_VARIABLE + ").")
        Path secretFile;

        /** The secret's base64 text, or null when none is configured. */
        String text(Main.Surroundings surroundings) throws IOException {
            String text = secretFile != null ? Files.readString(secretFile, StandardCharsets.UTF_8)
                    : surroundings.environment().get(SECRET_VARIABLE);
            return text == null || text.isBlank() ? null : text.strip();
        }

        String describe() {
            return secretFile != null ? "file " + secretFile : "environment " + SECRET_VARIABLE;
        }

        /** Keys checked with the configured secret and revocation list; no secret means none accepted. */
        ApiKeys keys(Main.Surroundings surroundings) throws IOException {
            String text = text(surroundings);
            return new ApiKeys(text == null ? null : ApiKeys.decodeSecret(text), revoked(surroundings),
                    Clock.systemUTC());
        }
    }

    static Set<String> revoked(Main.Surroundings surroundings) {
        String list = surroundings.environment().getOrDefault(REVOKED_VARIABLE, "");
        return Arrays.stream(list.split(",")).map(String::strip).filter(id -> !id.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    static String describe(ApiKey key) {
        return "id=" + key.id() + " label=" + key.label() + " tier=" + key.tier() + " issued=" + key.issuedAt()
                + " expires=" + key.expiresAt();
    }

    @Command(name = "secret", mixinStandardHelpOptions = true,
            description = "Print a new random key secret (32 bytes, base64) for " + SECRET_VARIABLE + ".")
    static final class Secret implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().getOut().println(ApiKeys.newSecret());
            return 0;
        }
    }

    @Command(name = "issue", mixinStandardHelpOptions = true,
            description = "Issue a key and print it once on stdout; its details go to stderr.")
    static final class Issue implements Callable<Integer> {
        private final Main.Surroundings surroundings;
        @Spec
        CommandSpec spec;
        @CommandLine.Mixin
        SecretSource secret = new SecretSource();
        @Parameters(index = "0", paramLabel = "LABEL", description = "What the key is for (1..64 printable characters).")
        String label;
        @Option(names = "--tier", paramLabel = "TIER", defaultValue = "AUTHENTICATED",
                description = "AUTHENTICATED or OPERATOR (default: ${DEFAULT-VALUE}).")
        Tier tier;
        @Option(names = "--days", paramLabel = "N", defaultValue = "90",
                description = "Days the key stays valid, 1..3650 (default: ${DEFAULT-VALUE}).")
        int days;

        Issue(Main.Surroundings surroundings) {
            this.surroundings = surroundings;
        }

        @Override
        public Integer call() throws IOException {
            if (days < 1 || days > 3650) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--days must be between 1 and 3650");
            }
            ApiKeys keys = secret.keys(surroundings);
            if (!keys.hasSecret()) {
                throw new IllegalStateException("no key secret: set " + SECRET_VARIABLE
                        + " or pass --secret-file (make one with: keys secret)");
            }
            String text = keys.issue(label, tier, Duration.ofDays(days));
            ApiKey key = keys.verify(text).key();
            spec.commandLine().getOut().println(text);
            spec.commandLine().getErr().println("issued " + describe(key));
            spec.commandLine().getErr().println("The key is shown only this once and is not stored anywhere.");
            return 0;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Check a key against the secret and revocation list; exit 0 when valid, 1 otherwise.")
    static final class Verify implements Callable<Integer> {
        private final Main.Surroundings surroundings;
        @Spec
        CommandSpec spec;
        @CommandLine.Mixin
        SecretSource secret = new SecretSource();
        @Parameters(index = "0", paramLabel = "KEY", description = "The key: - reads it from stdin, @FILE from a"
                + " file, env:NAME from an environment variable (a key given itself is visible in ps).")
        String presented;

        Verify(Main.Surroundings surroundings) {
            this.surroundings = surroundings;
        }

        @Override
        public Integer call() throws IOException {
            String text = presented;
            if ("-".equals(text)) {
                BufferedReader reader = new BufferedReader(
                        new InputStreamReader(surroundings.stdin(), StandardCharsets.UTF_8));
                String line = reader.readLine();
                text = line == null ? "" : line.strip();
            } else {
                text = new Secrets(surroundings, spec.commandLine().getErr()).read("KEY", text);
            }
            Verification result = secret.keys(surroundings).verify(text);
            if (result.isValid()) {
                spec.commandLine().getOut().println("valid " + describe(result.key()));
                return 0;
            }
            spec.commandLine().getOut().println("refused " + result.reason());
            return Main.FAILED;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show whether a key secret is configured and which key ids are revoked; exit 0 when "
                    + "the secret is usable. The secret itself is never shown.")
    static final class Status implements Callable<Integer> {
        private final Main.Surroundings surroundings;
        @Spec
        CommandSpec spec;
        @CommandLine.Mixin
        SecretSource secret = new SecretSource();

        Status(Main.Surroundings surroundings) {
            this.surroundings = surroundings;
        }

        @Override
        public Integer call() throws IOException {
            var out = spec.commandLine().getOut();
            int exit = 0;
            String text = secret.text(surroundings);
            if (text == null) {
                out.println("key secret: not configured in " + secret.describe() + "; every key is refused");
                exit = Main.FAILED;
            } else {
                try {
                    new ApiKeys(ApiKeys.decodeSecret(text), Set.of(), Clock.systemUTC());
                    out.println("key secret: configured (" + secret.describe() + ")");
                } catch (IllegalArgumentException e) {
                    out.println("key secret: unusable (" + secret.describe() + "): " + e.getMessage());
                    exit = Main.FAILED;
                }
            }
            Set<String> revoked = revoked(surroundings);
            out.println("revoked keys (" + REVOKED_VARIABLE + "): " + revoked.size());
            revoked.forEach(id -> out.println("  " + id));
            return exit;
        }
    }
}
