package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskDatabasePreparationTest {
    @TempDir
    Path dir;

    @Test
    void aPreparationThatFailsClosesTheDatabase() {
        TaskDatabase db = StoreTesting.open(dir);
        IllegalStateException failure = new IllegalStateException("reconciliation failed");
        assertSame(failure, assertThrows(IllegalStateException.class, () -> db.preparedBy(opened -> {
            throw failure;
        })));
        assertFalse(db.entityManagerFactory().isOpen(), "closed, so that nothing holds its file");
    }

    @Test
    void aPreparationThatSucceedsLeavesItOpen() {
        try (TaskDatabase db = StoreTesting.open(dir)) {
            assertSame(db, db.preparedBy(opened -> { }));
            assertTrue(db.entityManagerFactory().isOpen());
        }
    }
}
