package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "on {0}")
@MethodSource("dev.switchboard.store.StoreBackend#both")
class TaskDatabasePreparationTest {
    @Parameter
    StoreBackend backend;
    @TempDir
    Path dir;

    @Test
    void aPreparationThatFailsClosesTheDatabase() {
        TaskDatabase db = backend.place(dir).open();
        IllegalStateException failure = new IllegalStateException("reconciliation failed");
        assertSame(failure, assertThrows(IllegalStateException.class, () -> db.preparedBy(opened -> {
            throw failure;
        })));
        assertFalse(db.entityManagerFactory().isOpen(), "closed, so that nothing holds its file");
    }

    @Test
    void aPreparationThatSucceedsLeavesItOpen() {
        try (TaskDatabase db = backend.place(dir).open()) {
            assertSame(db, db.preparedBy(opened -> { }));
            assertTrue(db.entityManagerFactory().isOpen());
        }
    }
}
