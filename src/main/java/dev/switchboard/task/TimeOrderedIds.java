package dev.switchboard.task;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * Ids for new tasks and contexts: UUIDs of version 7 (RFC 9562), whose first 48 bits are the
 * creation time in epoch milliseconds and the remaining 74 bits random, from the same kind of
 * generator as {@link UUID#randomUUID()}. Time-ordered ids put each new task at the end of the
 * store's indexes keyed on them (the task, its event log, its context) instead of at a random
 * place: every commit then rewrites the same few index pages rather than a random leaf and its
 * path per index, which is most of what a commit writes (docs/performance.md, "Memory and disk").
 * The creation time an id shows is the task's own, which its status already tells its caller.
 */
final class TimeOrderedIds {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long VERSION_7 = 0x7000L;
    private static final long VARIANT_RFC_9562 = 0x8000_0000_0000_0000L;

    private final Clock clock;

    TimeOrderedIds(Clock clock) {
        this.clock = clock;
    }

    /** A new id, later in order than the ids of earlier milliseconds. */
    String next() {
        long millis = clock.millis() & 0xFFFF_FFFF_FFFFL;
        long high = (millis << 16) | VERSION_7 | (RANDOM.nextLong() & 0x0FFFL);
        long low = VARIANT_RFC_9562 | (RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL);
        return new UUID(high, low).toString();
    }
}
