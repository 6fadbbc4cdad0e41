package dev.switchboard.store;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Shared fixtures for tests that need a real task database. */
public final class StoreTesting {
    public static final Instant T0 = Instant.parse("2026-03-01T10:00:00.000Z");

    private StoreTesting() {
    }

    /** An H2 file database in {@code dir}, opened as production opens it (migrations included). */
    public static TaskDatabase open(Path dir) {
        return TaskDatabase.open(dev.switchboard.config.SettingsLoader.embeddedUrl(dir), null, null, 4);
    }

    /**
     * The task store over an open database. The contract tests reach the store through this and
     * the {@link TaskStore} interface only, so a new implementation changes this line alone.
     */
    public static TaskStore tasks(TaskDatabase database, Clock clock) {
        return new JpaTaskStore(database.entityManagerFactory(), clock);
    }

    /** The webhook config store over an open database, its secrets sealed with a key in {@code keyDir}. */
    public static PushConfigStore pushConfigs(TaskDatabase database, Path keyDir, Clock clock) {
        return new JpaPushConfigStore(database.entityManagerFactory(), SecretBox.inDirectory(keyDir), clock);
    }

    public static Message user(String messageId, String contextId, String taskId, String text) {
        return new Message(messageId, contextId, taskId, Role.USER, List.of(Part.text(text)), null, List.of(),
                List.of());
    }

    public static Task task(String id, String contextId, TaskState state, Instant timestamp) {
        return new Task(id, contextId, new TaskStatus(state, null, timestamp), List.of(),
                List.of(user("m-" + id, contextId, id, "hello " + id)), null);
    }

    public static TaskStatusUpdateEvent statusEvent(Task task) {
        return new TaskStatusUpdateEvent(task.id(), task.contextId(), task.status(), null);
    }

    /** A UTC clock whose time is whatever its subclass says, in milliseconds. */
    public abstract static class MillisClock extends Clock {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }
    }

    /** A clock that moves one millisecond forward each time it is read, so creation order is strict. */
    public static final class TickingClock extends MillisClock {
        private final AtomicLong millis;

        public TickingClock(Instant start) {
            this.millis = new AtomicLong(start.toEpochMilli());
        }

        @Override
        public long millis() {
            return millis.incrementAndGet();
        }
    }

    /** A clock that stands still until the test moves it. */
    public static final class SettableClock extends MillisClock {
        private final AtomicLong millis;

        public SettableClock(Instant start) {
            this.millis = new AtomicLong(start.toEpochMilli());
        }

        public void advance(java.time.Duration by) {
            millis.addAndGet(by.toMillis());
        }

        @Override
        public long millis() {
            return millis.get();
        }
    }
}
