package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.SettingsLoader;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.h2.store.fs.FilePath;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UninterruptibleFileTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void register() {
        UninterruptibleFilePath.register();
    }

    @Test
    void theEmbeddedUrlUsesIt() {
        assertTrue(SettingsLoader.embeddedUrl(Path.of("/data")).startsWith("jdbc:h2:uninterruptible:/data/switchboard;"));
    }

    @Test
    void readsAndWritesAtPositionsLikeAChannel() throws Exception {
        Path file = dir.resolve("f");
        try (FileChannel channel = FilePath.get("uninterruptible:" + file).open("rw")) {
            assertEquals(5, channel.write(ByteBuffer.wrap(bytes("hello")), 10));
            assertEquals(15, channel.size());
            ByteBuffer direct = ByteBuffer.allocateDirect(3).put(bytes("abc")).flip();
            assertEquals(3, channel.write(direct, 0));
            assertFalse(direct.hasRemaining());

            ByteBuffer read = ByteBuffer.allocate(5);
            assertEquals(5, channel.read(read, 10));
            assertArrayEquals(bytes("hello"), read.array());
            ByteBuffer into = ByteBuffer.allocateDirect(8);
            assertEquals(5, channel.read(into, 10), "a read past the end stops at it");
            assertEquals(-1, channel.read(ByteBuffer.allocate(1), 15), "at the end, as a channel says it");
            assertEquals(0, channel.read(ByteBuffer.allocate(0), 0));

            channel.truncate(20);
            assertEquals(15, channel.size(), "truncate never lengthens the file");
            channel.truncate(3);
            assertEquals(3, channel.size());
            channel.force(true);
        }
        assertArrayEquals(bytes("abc"), Files.readAllBytes(file));
    }

    @Test
    void anInterruptedThreadReadsAndWritesAndKeepsItsInterrupt() throws Exception {
        Path file = dir.resolve("f");
        try (FileChannel channel = FilePath.get("uninterruptible:" + file).open("rw")) {
            Thread.currentThread().interrupt();
            try {
                assertEquals(4, channel.write(ByteBuffer.wrap(bytes("data")), 0));
                assertEquals(4, channel.read(ByteBuffer.allocate(4), 0));
                assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is the caller's, not consumed");
            } finally {
                Thread.interrupted();
            }
            assertTrue(channel.isOpen());
            assertEquals(4, channel.size());
        }
    }

    @Test
    void theLockKeepsASecondOpenerOut() throws Exception {
        Path file = dir.resolve("f");
        try (FileChannel channel = FilePath.get("uninterruptible:" + file).open("rw")) {
            FileLock lock = channel.tryLock();
            assertTrue(lock != null && lock.isValid());
            try (FileChannel other = FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                assertThrows(java.nio.channels.OverlappingFileLockException.class, other::tryLock,
                        "this JVM holds the lock");
            }
            lock.release();
        }
    }

    @Test
    void aClosedFileRefusesReadsAndWrites() throws Exception {
        FileChannel channel = FilePath.get("uninterruptible:" + dir.resolve("f")).open("rw");
        channel.write(ByteBuffer.wrap(bytes("x")), 0);
        channel.close();
        assertThrows(ClosedChannelException.class, () -> channel.read(ByteBuffer.allocate(1), 0));
        assertThrows(ClosedChannelException.class, () -> channel.write(ByteBuffer.wrap(bytes("y")), 0));
        assertThrows(ClosedChannelException.class, channel::size);
    }

    /**
     * The reason for the file system: threads interrupted while they read and write leave the
     * database open for everyone (on H2's {@code nio:} file system the first interrupt during I/O
     * closes it), and nothing a committed statement wrote is lost. One thread writes: an interrupt
     * that finds a commit waiting for another writer fails that commit inside H2 whatever the file
     * system, which is why a cancellation never interrupts an agent in the store (AgentInterrupt).
     * The readers' cache is small, so their queries read the file.
     */
    @Test
    void interruptsWhileThreadsReadAndCommitLeaveTheDatabaseOpenAndLoseNothing() throws Exception {
        String url = SettingsLoader.embeddedUrl(dir) + ";CACHE_SIZE=256";
        // held open as the store's pool holds its connections: the last one closed closes the
        // database, and H2's close on an interrupted thread fails for reasons of its own
        Connection holder = DriverManager.getConnection(url);
        holder.createStatement().execute("create table t(id int primary key, body varchar(4000))");
        int rows = 1200;
        int readers = 3;
        ExecutorService pool = Executors.newFixedThreadPool(1 + readers);
        List<Thread> threads = new ArrayList<>();
        CountDownLatch started = new CountDownLatch(1 + readers);
        List<Future<Integer>> done = new ArrayList<>();
        done.add(pool.submit(interrupted(threads, started, () -> {
            int committed = 0;
            try (Connection connection = DriverManager.getConnection(url)) {
                PreparedStatement insert = connection.prepareStatement("insert into t values (?, ?)");
                for (int i = 0; i < rows; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, Character.toString('a' + i % 26).repeat(2000));
                    insert.executeUpdate();
                    committed++;
                }
            }
            return committed;
        })));
        for (int r = 0; r < readers; r++) {
            done.add(pool.submit(interrupted(threads, started, () -> {
                int queries = 0;
                try (Connection connection = DriverManager.getConnection(url);
                     PreparedStatement read = connection.prepareStatement("select sum(length(body)) from t")) {
                    while (countOn(connection) < rows) {
                        try (ResultSet sum = read.executeQuery()) {
                            assertTrue(sum.next());
                        }
                        queries++;
                    }
                }
                return queries;
            })));
        }
        started.await(10, TimeUnit.SECONDS);
        for (Future<Integer> thread : done) {
            while (!thread.isDone()) {
                synchronized (threads) {
                    threads.forEach(Thread::interrupt);
                }
                Thread.sleep(1);
            }
        }
        int committed = done.get(0).get();
        for (Future<Integer> reader : done.subList(1, done.size())) {
            assertTrue(reader.get() > 0, "each reader read while the writer wrote");
        }
        pool.shutdown();
        assertEquals(rows, countOn(holder), "every row is there for a connection opened before");
        holder.close();
        assertEquals(rows, committed, "the writer finished despite the interrupts");
        // every connection is closed, so this opens the file afresh and reads what was written
        assertEquals(committed, count(url), "every row is there");
        assertEquals(2000L * rows, sum(url), "every row is whole");
    }

    private static Callable<Integer> interrupted(List<Thread> threads, CountDownLatch started,
                                                                       Callable<Integer> work) {
        return () -> {
            synchronized (threads) {
                threads.add(Thread.currentThread());
            }
            started.countDown();
            try {
                return work.call();
            } finally {
                synchronized (threads) {
                    threads.remove(Thread.currentThread());
                }
                Thread.interrupted();
            }
        };
    }

    private static long sum(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select sum(length(body)) from t")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static int count(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            return countOn(connection);
        }
    }

    private static int countOn(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select count(*) from t")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
