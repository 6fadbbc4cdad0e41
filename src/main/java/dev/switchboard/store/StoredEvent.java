package dev.switchboard.store;

import dev.switchboard.protocol.StreamEvent;

/** An event from a task's log with its sequence number (its SSE event id). */
public record StoredEvent(long seq, StreamEvent event) {
}
