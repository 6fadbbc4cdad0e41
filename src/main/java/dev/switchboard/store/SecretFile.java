package dev.switchboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Supplier;

/**
 * A key kept in a file of the data directory: made once, readable and writable by the server's
 * user only, and read back on every later start. The file appears complete or not at all (written
 * aside, then linked into place), so two instances starting together on one directory agree on
 * the one that was linked first.
 */
public final class SecretFile {
    private SecretFile() {
    }

    /**
     * @param create makes the content when the file does not exist yet
     * @return the file's content
     */
    public static String readOrCreate(Path file, Supplier<String> create) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file).trim();
            }
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path aside = Files.createTempFile(dir, "." + file.getFileName(), ".new", ownerOnly());
            try {
                String content = create.get();
                Files.writeString(aside, content, StandardCharsets.UTF_8);
                try {
                    Files.createLink(file, aside);
                } catch (FileAlreadyExistsException raced) {
                    return Files.readString(file).trim();
                } catch (UnsupportedOperationException noLinks) {
                    Files.move(aside, file);
                }
                return content;
            } finally {
                Files.deleteIfExists(aside);
            }
        } catch (FileAlreadyExistsException raced) {
            return readOrCreate(file, create);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create " + file, e);
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }
}
