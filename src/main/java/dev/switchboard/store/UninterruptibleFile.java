package dev.switchboard.store;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.store.fs.FileBaseDefault;

/**
 * One open database file whose reads and writes run on the calling thread through
 * {@link RandomAccessFile}s, which an interrupt does not close (a {@code FileChannel} it would).
 * A {@code RandomAccessFile} reads and writes at its own file pointer, so each positional read or
 * write borrows one of its own: concurrent readers never wait for each other or for a commit being
 * written, as with a channel's positional I/O. The first one opened also holds the file's lock and
 * answers size, truncate and sync; the others are opened as readers and writers need them, and a
 * few are kept open for the next ones.
 */
final class UninterruptibleFile extends FileBaseDefault {
    /** Idle handles kept open; more are opened while more threads read or write at once. */
    private static final int KEPT_IDLE = 8;

    private final Path path;
    private final String mode;
    private final RandomAccessFile first;
    private final ConcurrentLinkedDeque<RandomAccessFile> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();

    /** @param mode {@code r} or {@code rw}, as H2 opens its files */
    UninterruptibleFile(Path path, String mode) throws IOException {
        this.path = path;
        this.mode = mode;
        this.first = new RandomAccessFile(path.toFile(), mode);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        if (!dst.hasRemaining()) {
            return 0;
        }
        RandomAccessFile file = borrow();
        try {
            file.seek(position);
            if (dst.hasArray()) {
                int read = file.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
                if (read > 0) {
                    dst.position(dst.position() + read);
                }
                return read;
            }
            byte[] bytes = new byte[dst.remaining()];
            int read = file.read(bytes);
            if (read > 0) {
                dst.put(bytes, 0, read);
            }
            return read;
        } finally {
            giveBack(file);
        }
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        int length = src.remaining();
        if (length == 0) {
            return 0;
        }
        RandomAccessFile file = borrow();
        try {
            file.seek(position);
            if (src.hasArray()) {
                file.write(src.array(), src.arrayOffset() + src.position(), length);
                src.position(src.position() + length);
            } else {
                byte[] bytes = new byte[length];
                src.get(bytes);
                file.write(bytes);
            }
            return length;
        } finally {
            giveBack(file);
        }
    }

    @Override
    public long size() throws IOException {
        open();
        return first.length();
    }

    @Override
    protected void implTruncate(long newLength) throws IOException {
        open();
        // a channel's truncate never lengthens a file; RandomAccessFile.setLength would
        if (newLength < first.length()) {
            first.setLength(newLength);
        }
    }

    @Override
    public void force(boolean metaData) throws IOException {
        open();
        // one descriptor's sync writes the file's data whichever descriptor wrote it
        first.getFD().sync();
    }

    @Override
    public synchronized FileLock tryLock(long position, long size, boolean shared) throws IOException {
        open();
        // the lock's channel does no reads or writes: an interrupt can close it only during this call
        return first.getChannel().tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        for (RandomAccessFile file; (file = idle.poll()) != null; ) {
            quietlyClose(file);
        }
        // closing the first handle releases the file's lock with it
        first.close();
    }

    @Override
    public String toString() {
        return UninterruptibleFilePath.SCHEME + ":" + path;
    }

    private RandomAccessFile borrow() throws IOException {
        open();
        RandomAccessFile file = idle.poll();
        if (file != null) {
            idleCount.decrementAndGet();
            return file;
        }
        return new RandomAccessFile(path.toFile(), mode);
    }

    private void giveBack(RandomAccessFile file) {
        if (idleCount.incrementAndGet() > KEPT_IDLE) {
            idleCount.decrementAndGet();
            quietlyClose(file);
            return;
        }
        idle.push(file);
        // a close that ran meanwhile may have emptied the deque before this push
        if (!isOpen() && idle.remove(file)) {
            quietlyClose(file);
        }
    }

    private void open() throws ClosedChannelException {
        if (!isOpen()) {
            throw new ClosedChannelException();
        }
    }

    private static void quietlyClose(RandomAccessFile file) {
        try {
            file.close();
        } catch (IOException e) {
            // a handle that only read or wrote: nothing of the file's is lost by a failed close
        }
    }
}
