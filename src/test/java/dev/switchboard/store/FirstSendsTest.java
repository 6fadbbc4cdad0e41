package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.open;
import static dev.switchboard.store.StoreTesting.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first-send index: one task per caller and messageId of the message that created it. */
class FirstSendsTest {
    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static JpaTaskStore store;

    @BeforeAll
    static void openStore() {
        db = open(dir);
        store = new JpaTaskStore(db.entityManagerFactory(), new StoreTesting.TickingClock(T0));
    }

    @AfterAll
    static void closeStore() {
        db.close();
    }

    private static Task firstSend(String messageId) {
        String id = UUID.randomUUID().toString();
        return new Task(id, "ctx-" + id, new TaskStatus(TaskState.SUBMITTED, null, T0), List.of(),
                List.of(user(messageId, "ctx-" + id, id, "hello")), null);
    }

    private static String create(String owner, String messageId) {
        Task task = firstSend(messageId);
        store.create(task, owner, null, List.of(task));
        return task.id();
    }

    @Test
    void theTaskIsFoundByItsOwnerAndFirstMessageId() {
        String messageId = UUID.randomUUID().toString();
        String id = create("anon:alice", messageId);
        assertEquals(id, store.findFirstSend("anon:alice", messageId).orElseThrow().task().id());
        assertEquals("anon:alice", store.findFirstSend("anon:alice", messageId).orElseThrow().owner());
        assertTrue(store.findFirstSend("anon:bob", messageId).isEmpty(), "another caller's message");
        assertTrue(store.findFirstSend(null, messageId).isEmpty(), "the operator is another caller");
        assertTrue(store.findFirstSend("anon:alice", "never-sent").isEmpty());
    }

    @Test
    void aSecondTaskFromTheSameCallersSameMessageIsRefused() {
        String messageId = UUID.randomUUID().toString();
        String id = create("key:k1", messageId);
        Task second = firstSend(messageId);
        assertThrows(IllegalStateException.class, () -> store.create(second, "key:k1", null, List.of(second)));
        assertTrue(store.find(second.id()).isEmpty(), "nothing of the refused task is stored");
        assertEquals(id, store.findFirstSend("key:k1", messageId).orElseThrow().task().id());
    }

    @Test
    void otherCallersMayUseTheSameMessageId() {
        String messageId = UUID.randomUUID().toString();
        String alice = create("anon:alice", messageId);
        String bob = create("addr:bob", messageId);
        String operator = create(null, messageId);
        assertEquals(alice, store.findFirstSend("anon:alice", messageId).orElseThrow().task().id());
        assertEquals(bob, store.findFirstSend("addr:bob", messageId).orElseThrow().task().id());
        assertEquals(operator, store.findFirstSend(null, messageId).orElseThrow().task().id());
    }

    @Test
    void switchedOffEveryFirstSendIsItsOwnTask() {
        JpaTaskStore plain = new JpaTaskStore(db.entityManagerFactory(), new StoreTesting.TickingClock(T0), false);
        String messageId = UUID.randomUUID().toString();
        Task first = firstSend(messageId);
        Task second = firstSend(messageId);
        plain.create(first, "anon:alice", null, List.of(first));
        plain.create(second, "anon:alice", null, List.of(second));
        assertTrue(plain.find(second.id()).isPresent());
        assertTrue(plain.findFirstSend("anon:alice", messageId).isEmpty());
    }

    @Test
    void theOperatorsTasksHaveNoOwnerYetItsRepeatsAreRefusedToo() {
        String messageId = UUID.randomUUID().toString();
        create(null, messageId);
        Task second = firstSend(messageId);
        assertThrows(IllegalStateException.class, () -> store.create(second, null, null, List.of(second)));
        assertEquals(null, store.findFirstSend(null, messageId).orElseThrow().owner());
    }
}
