package dev.switchboard.bench;

import dev.switchboard.web.filter.Preconditions;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The per-request work of a conditional card GET once the card's bytes and tag exist: matching
 * the client's {@code If-None-Match} list against the current tag.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CardBenchmark {
    private final String tag = Preconditions.strongTag(new byte[2410]);
    private final String revalidation = "W/\"older\", " + tag;

    @Benchmark
    public boolean matchIfNoneMatch() {
        return Preconditions.noneMatchHits(revalidation, tag);
    }
}
