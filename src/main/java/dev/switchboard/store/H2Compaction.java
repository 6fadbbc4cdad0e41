package dev.switchboard.store;

import dev.switchboard.runtime.DaemonThreads;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;

/**
 * Keeps the embedded H2 file from growing without end. Every commit is written through before it
 * returns ({@code WRITE_DELAY=0}), which also switches off H2's background writer, the only thing
 * that rewrites half-empty chunks so their space can be used again: measured, the file grew by
 * about 60 KB per answered task and never shrank. This does that rewriting once a second, a few
 * megabytes at a time, on a thread of its own. H2 rewrites only when it gets its store lock within
 * 10 ms, which commits hold most of the time under sustained load, so a round that misses it tries
 * again a few times within its second. Measured with retention on (docs/performance.md, "Memory
 * and disk"): on H2 2.4 the file stays near the retention age's worth of writes under sustained
 * load and shrinks once the load stops; on H2 2.5 it grew without bound with or without this,
 * because 2.5 loses count of removed pages (pom.xml).
 */
final class H2Compaction implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(H2Compaction.class.getName());
    /** Chunks less full than this are rewritten. */
    private static final int TARGET_FILL_RATE = 80;
    private static final int BYTES_PER_ROUND = 16 * 1024 * 1024;
    /** Tries per round when H2 could not get its store lock; with the pauses, about half of each second. */
    private static final int ATTEMPTS = 10;
    private static final long PAUSE_MILLIS = 40;

    private final DataSource dataSource;
    private final ScheduledExecutorService schedule;
    private volatile boolean warned;

    private H2Compaction(DataSource dataSource) {
        this.dataSource = dataSource;
        this.schedule = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("switchboard-h2-compaction"));
        schedule.scheduleWithFixedDelay(this::compact, 1, 1, TimeUnit.SECONDS);
    }

    /** Starts compacting the database behind the data source. */
    static H2Compaction start(DataSource dataSource) {
        return new H2Compaction(dataSource);
    }

    /** One round: rewrites up to {@link #BYTES_PER_ROUND} of the least-filled chunks. */
    void compact() {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.isWrapperFor(JdbcConnection.class)) {
                return;
            }
            SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
            MVStore store = session.getDatabase().getStore().getMvStore();
            for (int attempt = 1; attempt <= ATTEMPTS && !store.isClosed(); attempt++) {
                // false both when the lock was busy and when nothing needs rewriting; only the first retries
                if (store.compact(TARGET_FILL_RATE, BYTES_PER_ROUND) || store.getFileStore().getChunksFillRate() >= TARGET_FILL_RATE) {
                    return;
                }
                Thread.sleep(PAUSE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException | RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.log(Level.WARNING, "Compacting the task store failed; its file may grow until this works", e);
            }
        }
    }

    @Override
    public void close() {
        schedule.shutdownNow();
        try {
            schedule.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
