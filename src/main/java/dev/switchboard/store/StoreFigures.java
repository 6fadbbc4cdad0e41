package dev.switchboard.store;

import java.time.Instant;

/**
 * What the store holds, as last measured on the retention thread (so that a health check reads
 * it for free).
 *
 * @param bytes        the embedded database file's size, or the PostgreSQL database's; -1 when unknown
 * @param oldestTask   when the oldest task kept was created; null when there is none
 * @param deleted      tasks deleted since start-up
 * @param measuredAt   when these figures were taken
 */
public record StoreFigures(long bytes, Instant oldestTask, long deleted, Instant measuredAt) {
}
