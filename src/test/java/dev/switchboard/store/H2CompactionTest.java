package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class H2CompactionTest {
    @TempDir
    Path dir;

    @Test
    void theFileStopsGrowingOnceDeadChunksAreRewrittenAndReused() throws Exception {
        Path file = dir.resolve("switchboard.mv.db");
        // space freed by compaction is reused after the retention time: 45 s in production, none here
        try (TaskDatabase db = TaskDatabase.open(dev.switchboard.config.SettingsLoader.embeddedUrl(dir)
                + ";RETENTION_TIME=0", null, null, 4)) {
            JpaTaskStore store = new JpaTaskStore(db.entityManagerFactory(), Clock.systemUTC());
            write(store, 0, 1500);
            long first = Files.size(file);
            // the store compacts once a second
            Thread.sleep(3_000);
            write(store, 1500, 3000);
            long second = Files.size(file) - first;
            assertTrue(second < first / 2, "the second 1500 tasks grew the file by " + second
                    + " bytes, the first by " + first);
        }
    }

    private static void write(JpaTaskStore store, int from, int to) {
        String text = "x".repeat(600);
        for (int i = from; i < to; i++) {
            String id = "task-" + i;
            Message user = new Message("m-" + i, "c", id, Role.USER, List.of(Part.text(text)), null, List.of(),
                    List.of());
            Task task = new Task(id, "c", new TaskStatus(TaskState.COMPLETED, null, Instant.now()), List.of(),
                    List.of(user), null);
            store.create(task, "owner", null, List.of(task));
        }
    }
}
