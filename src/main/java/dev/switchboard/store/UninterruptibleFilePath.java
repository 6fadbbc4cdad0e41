package dev.switchboard.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;
import org.h2.store.fs.disk.FilePathDisk;

/**
 * H2's file system for the embedded store ({@code jdbc:h2:uninterruptible:/path}): the database
 * file is read and written on the calling thread, and an interrupted thread cannot close it.
 * H2's default file system reads through a {@link FileChannel}, which the JDK closes when a thread
 * using it is interrupted, and that closes the whole database; cancelling a task interrupts its
 * agent's thread, which may be storing at that moment. H2's {@code async:} file system is immune
 * but hands every read and write to a JDK pool thread and waits for it: measured under load, that
 * hand-off cost 15–20% of a SendMessage's CPU and tripled its p99, and the pool's threads, started
 * from the web application, outlive it by a minute. Every other file operation is the default
 * file system's.
 */
public final class UninterruptibleFilePath extends FilePathWrapper {
    /** The scheme in the JDBC URL. */
    public static final String SCHEME = "uninterruptible";

    static {
        FilePath.register(new UninterruptibleFilePath());
    }

    /**
     * Makes the scheme known to H2 (in the H2 of this class loader); idempotent. Called before a
     * connection to a URL with the scheme is opened.
     */
    public static void register() {
        // the static initializer registers, once per class loader
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        FilePath base = getBase();
        if (!(base instanceof FilePathDisk)) {
            throw new IOException(SCHEME + ": only wraps files on disk, not " + base.getScheme() + ":");
        }
        return new UninterruptibleFile(Path.of(base.toString()), mode);
    }
}
