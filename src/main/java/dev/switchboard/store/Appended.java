package dev.switchboard.store;

import dev.switchboard.protocol.Task;
import java.util.List;

/** What a write stored: the task's new snapshot and its new log entries, numbered. */
public record Appended(Task task, List<StoredEvent> events) {
    public Appended {
        events = List.copyOf(events);
    }

    public long lastSeq() {
        return events.isEmpty() ? 0 : events.get(events.size() - 1).seq();
    }
}
