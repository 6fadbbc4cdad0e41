package dev.switchboard.bench;

import dev.switchboard.config.SettingsLoader;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.Appended;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.TaskDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The store's share of one answered SendMessage: the finished task and its three events written
 * in one transaction to the embedded H2 file, exactly as the server configures it by default.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StoreBenchmark {
    /** Extra H2 URL settings appended to the server's default URL; empty measures the default. */
    @Param({""})
    public String urlOptions;

    private Path dataDir;
    private TaskDatabase database;
    private JpaTaskStore store;

    @Setup(Level.Trial)
    public void open() throws IOException {
        dataDir = Files.createTempDirectory("switchboard-bench");
        database = TaskDatabase.open(SettingsLoader.embeddedUrl(dataDir) + urlOptions, "sa", null, 4);
        store = new JpaTaskStore(database.entityManagerFactory(), Clock.systemUTC());
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        database.close();
        try (Stream<Path> files = Files.walk(dataDir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Benchmark
    public Appended createAnsweredTask() {
        Task done = Samples.completed(UUID.randomUUID().toString(), UUID.randomUUID().toString());
        return store.create(done, "anonymous", null, Samples.events(done));
    }
}
