package dev.switchboard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the value of an option that holds a secret: {@code @FILE} from a file (its content, less
 * surrounding white space), {@code env:NAME} from an environment variable, anything else as the
 * secret itself. A command line is visible to every local user ({@code ps}, {@code /proc}) and
 * kept in shell history, so a secret given there works but draws a warning on stderr, once per
 * option. Neither the secret nor a file's content ever appears in a message.
 */
final class Secrets {
    /** How option descriptions say where a secret may come from. */
    static final String SOURCES = " Give @FILE or env:NAME to keep it off the command line.";
    private static final int MAX_FILE_BYTES = 64 * 1024;

    private final Main.Surroundings surroundings;
    private final PrintWriter err;
    private final Set<String> warned = new HashSet<>();

    Secrets(Main.Surroundings surroundings, PrintWriter err) {
        this.surroundings = surroundings;
        this.err = err;
    }

    /**
     * @param option the option's name, for messages
     * @throws IllegalArgumentException when the file cannot be read or the variable is not set
     */
    String read(String option, String value) {
        if (value.startsWith("@")) {
            return file(option, Path.of(value.substring(1))).strip();
        }
        if (value.startsWith("env:")) {
            String name = value.substring(4);
            String secret = surroundings.environment().get(name);
            if (secret == null || secret.isBlank()) {
                throw new IllegalArgumentException(option + " names the environment variable " + name
                        + ", which is not set");
            }
            return secret.strip();
        }
        if (warned.add(option)) {
            err.println("switchboard: warning: " + option + " on the command line is visible to other local users"
                    + " (ps) and kept in shell history; pass " + option + " @FILE or " + option + " env:NAME instead");
        }
        return value;
    }

    /** The non-blank lines of {@code @FILE}, or the value itself when it names no file. */
    List<String> lines(String option, String value) {
        if (!value.startsWith("@")) {
            return List.of(value);
        }
        return file(option, Path.of(value.substring(1))).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** The content of the file an option names: a secret, or a few headers, so at most 64 KiB. */
    static String file(String option, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
            if (bytes.length > MAX_FILE_BYTES) {
                throw new IllegalArgumentException(option + ": " + file + " is larger than " + MAX_FILE_BYTES + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + ": no file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + " (" + e.getClass().getSimpleName()
                    + ")");
        }
    }
}
