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
    private static final int BATCH = 1500;

    @TempDir
    Path dir;

    @Test
    void theFileGrowsMoreSlowlyOnceDeadChunksAreRewrittenAndReused() throws Exception {
        Path file = dir.resolve("switchboard.mv.db");
        // space freed by compaction is reused after the retention time: 45 s in production, none here
        try (TaskDatabase db = TaskDatabase.open(dev.switchboard.config.SettingsLoader.embeddedUrl(dir)
                + ";RETENTION_TIME=0", null, null, 4)) {
            JpaTaskStore store = new JpaTaskStore(db.entityManagerFactory(), Clock.systemUTC());
            write(store, 0, BATCH);
            long first = Files.size(file);
            // one batch's growth varies a lot with when the once-a-second rounds fall between
            // commits; three batches, each after a pause, average that out. Measured: the three
            // grew the file by 0.75 to 1.9 times the first batch with compaction, by 3.2 without
            for (int batch = 1; batch <= 3; batch++) {
                Thread.sleep(3_000);
                write(store, batch * BATCH, (batch + 1) * BATCH);
            }
            long later = Files.size(file) - first;
            assertTrue(later < first * 2.4, "three more batches of " + BATCH + " tasks grew the file by "
                    + later + " bytes, the first by " + first);
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
