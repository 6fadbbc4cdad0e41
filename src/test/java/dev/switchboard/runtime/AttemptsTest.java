package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AttemptsTest {
    private final List<Duration> pauses = new ArrayList<>();
    private final Attempts attempts = new Attempts("A step", 4, Duration.ofSeconds(1), pauses::add);

    @Test
    void aStepThatFailsTwiceIsAnsweredByItsThirdAttemptAfterGrowingPauses() {
        AtomicInteger tries = new AtomicInteger();
        String result = attempts.get(() -> {
            if (tries.incrementAndGet() < 3) {
                throw new IllegalStateException("zip file closed");
            }
            return "opened";
        });
        assertEquals("opened", result);
        assertEquals(3, tries.get());
        assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)), pauses);
    }

    @Test
    void aStepThatNeverSucceedsFailsWithItsLastFailureAfterEveryAttempt() {
        AtomicInteger tries = new AtomicInteger();
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> attempts.get(() -> {
                    throw new IllegalStateException("attempt " + tries.incrementAndGet());
                }));
        assertEquals("attempt 4", failure.getMessage());
        assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4)), pauses);
    }

    @Test
    void anInterruptedPauseEndsTheAttemptsWithTheFailureBeforeIt() {
        IllegalStateException first = new IllegalStateException("first");
        Attempts interrupted = new Attempts("A step", 4, Duration.ofSeconds(1), pause -> {
            throw new InterruptedException();
        });
        AtomicInteger tries = new AtomicInteger();
        try {
            assertSame(first, assertThrows(IllegalStateException.class, () -> interrupted.get(() -> {
                tries.incrementAndGet();
                throw first;
            })));
            assertEquals(1, tries.get());
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void oneAttemptIsTheLeastThereIs() {
        assertThrows(IllegalArgumentException.class, () -> new Attempts("A step", 0, Duration.ZERO, pause -> { }));
    }
}
