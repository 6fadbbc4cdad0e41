package dev.switchboard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark once, briefly and in this JVM: proof that the suite still builds and runs.
 * It times nothing; bench/jmh.sh is how the suite is measured.
 */
class BenchmarksRunTest {
    @Test
    void everyBenchmarkRuns() throws RunnerException {
        Options smoke = new OptionsBuilder()
                .include("dev\\.switchboard\\.bench\\..*Benchmark")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .shouldFailOnError(true)
                .build();
        Collection<RunResult> results = new Runner(smoke).run();
        assertEquals(5, results.size(), "one result per benchmark method");
    }
}
