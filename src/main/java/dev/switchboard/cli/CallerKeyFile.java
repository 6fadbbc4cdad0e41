package dev.switchboard.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The CLI user's caller key, kept beside the saved peers ({@code caller-key}, readable by its
 * owner only): with it, anonymous runs of the CLI are one caller on a Switchboard agent, and
 * {@code list} shows the tasks earlier runs started.
 */
final class CallerKeyFile {
    static final String NAME = "caller-key";
    private static final SecureRandom RANDOM = new SecureRandom();

    private CallerKeyFile() {
    }

    static String readOrCreate(Path file) throws IOException {
        if (Files.isRegularFile(file)) {
            String key = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!key.isEmpty()) {
                return key;
            }
        }
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        String key = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path fresh = file.resolveSibling(NAME + ".new-" + Long.toHexString(RANDOM.nextLong()));
        try {
            Files.createFile(fresh, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(fresh);
        }
        Files.writeString(fresh, key + "\n", StandardCharsets.UTF_8);
        try {
            Files.move(fresh, file);
        } catch (FileAlreadyExistsException raced) {
            // another run made one first: that one is the user's key
            Files.deleteIfExists(fresh);
            return readOrCreate(file);
        }
        return key;
    }
}
