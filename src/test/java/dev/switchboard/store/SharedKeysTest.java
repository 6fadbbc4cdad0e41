package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Instances on one PostgreSQL agree on the keys they made, or the odd one out is refused. */
class SharedKeysTest {
    @TempDir
    static Path dir;
    private static TaskDatabase database;

    @BeforeAll
    static void open() {
        database = TaskDatabase.open(TestPostgres.shared().createDatabase(), null, null, 4);
    }

    @AfterAll
    static void close() {
        database.close();
    }

    @Test
    void theFirstInstanceRecordsItsKeysAndTheOthersMustHoldTheSame() {
        SecretBox mine = SecretBox.inDirectory(dir.resolve("a"));
        SecretBox copy = SecretBox.inDirectory(dir.resolve("a"));
        SecretBox another = SecretBox.inDirectory(dir.resolve("b"));
        DataSource data = database.dataSource();

        SharedKeys.agree(data, keys("first", mine), "a", Clock.systemUTC());
        assertDoesNotThrow(() -> SharedKeys.agree(data, keys("first", copy), "b", Clock.systemUTC()));
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> SharedKeys.agree(data, keys("first", another), "c", Clock.systemUTC()));
        assertTrue(refused.getMessage().contains("push-secrets.key"), refused.getMessage());
        assertTrue(refused.getMessage().contains("instance a"), refused.getMessage());
    }

    @Test
    void theFingerprintTellsKeysApartAndIsNotTheKey() {
        SecretBox one = SecretBox.inDirectory(dir.resolve("one"));
        SecretBox other = SecretBox.inDirectory(dir.resolve("other"));
        assertEquals(one.fingerprint(), SecretBox.inDirectory(dir.resolve("one")).fingerprint());
        assertTrue(!one.fingerprint().equals(other.fingerprint()));
        String sealed = one.seal("token", "here");
        assertEquals("token", SecretBox.inDirectory(dir.resolve("one")).open(sealed, "here"));
    }

    @Test
    void instancesStartingTogetherRecordOneKeyAndTheLoserIsToldWhichItIs() throws Exception {
        int instances = 6;
        CyclicBarrier together = new CyclicBarrier(instances);
        AtomicInteger refused = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(instances);
        try {
            List<Callable<Void>> starts = new java.util.ArrayList<>();
            for (int i = 0; i < instances; i++) {
                SecretBox box = SecretBox.inDirectory(dir.resolve("race-" + i));
                String id = "i" + i;
                starts.add(() -> {
                    together.await(10, TimeUnit.SECONDS);
                    try {
                        SharedKeys.agree(database.dataSource(), keys("race", box), id, Clock.systemUTC());
                    } catch (IllegalStateException e) {
                        refused.incrementAndGet();
                    }
                    return null;
                });
            }
            for (Future<Void> start : threads.invokeAll(starts)) {
                start.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertEquals(instances - 1, refused.get(), "each key differs: exactly one instance is let in");
        try (Connection connection = database.dataSource().getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM a2a_shared_key WHERE name = 'race'")) {
            rows.next();
            assertEquals(1, rows.getInt(1));
        }
    }

    private static Map<String, SharedKeys.Key> keys(String name, SecretBox box) {
        return Map.of(name, new SharedKeys.Key("push-secrets.key", box::fingerprint));
    }
}
