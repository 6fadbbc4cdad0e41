package dev.switchboard.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. */
final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(String instant) {
        this.now = Instant.parse(instant);
    }

    void set(String instant) {
        now = Instant.parse(instant);
    }

    void advance(Duration by) {
        now = now.plus(by);
    }

    void advanceMillis(long millis) {
        advance(Duration.ofMillis(millis));
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }
}
