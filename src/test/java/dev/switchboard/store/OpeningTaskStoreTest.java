package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpeningTaskStoreTest {
    @TempDir
    Path dir;

    @Test
    void callsWaitForTheStoreThenReachIt() throws Exception {
        CompletableFuture<TaskStore> opening = new CompletableFuture<>();
        OpeningTaskStore store = new OpeningTaskStore(opening, Duration.ofSeconds(30));
        assertEquals(OpeningTaskStore.State.OPENING, store.state());
        AtomicReference<Optional<StoredTask>> found = new AtomicReference<>();
        Thread caller = new Thread(() -> found.set(store.find("t-1")));
        caller.start();
        Thread.sleep(200);
        assertTrue(caller.isAlive(), "the call waits while the store opens");
        try (TaskDatabase db = StoreTesting.open(dir)) {
            opening.complete(new JpaTaskStore(db.entityManagerFactory(), Clock.systemUTC()));
            caller.join(10_000);
            assertEquals(Optional.empty(), found.get());
            assertEquals(OpeningTaskStore.State.OPEN, store.state());
            assertEquals(List.of(), store.runningOn("nobody"));
        }
    }

    @Test
    void aStoreThatTakesTooLongIsAnInternalErrorNotAHang() {
        OpeningTaskStore store = new OpeningTaskStore(new CompletableFuture<>(), Duration.ofMillis(50));
        A2AException e = assertThrows(A2AException.class, () -> store.find("t-1"));
        assertEquals(A2AError.INTERNAL_ERROR, e.error());
        assertTrue(e.getMessage().contains("still opening"));
    }

    @Test
    void aStoreThatFailedToOpenSaysSoWithoutItsCause() {
        OpeningTaskStore store = new OpeningTaskStore(
                CompletableFuture.failedFuture(new IllegalStateException("jdbc:h2:secret-path")), Duration.ofSeconds(1));
        assertEquals(OpeningTaskStore.State.FAILED, store.state());
        A2AException e = assertThrows(A2AException.class, () -> store.list(null));
        assertEquals(A2AError.INTERNAL_ERROR, e.error());
        assertTrue(e.getMessage().contains("unavailable"));
        assertTrue(!e.getMessage().contains("secret-path"), "the cause stays in the server log");
    }
}
