package dev.switchboard.store;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;

/**
 * A store test that runs on each database: its subclass is a {@code @ParameterizedClass} over
 * {@link StoreBackend#both()} or {@link StoreBackend#all()}, and every test gets a fresh place on
 * the backend, its database opened before the test (before the subclass's own set-up) and closed
 * after it.
 */
abstract class OnEachBackend {
    @Parameter
    StoreBackend backend;
    @TempDir
    Path dir;
    /** Where this test's tasks live; a test that restarts the store opens it again. */
    StoreBackend.StorePlace place;
    TaskDatabase db;

    @BeforeEach
    void openDatabase() {
        place = backend.place(dir);
        db = place.open();
    }

    @AfterEach
    void closeDatabase() {
        if (db != null) {
            db.close();
        }
    }
}
