package dev.switchboard.task;

import static dev.switchboard.skill.Calls.by;
import static dev.switchboard.skill.Calls.operator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsRequest;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.store.JpaPushConfigStore;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.SecretBox;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PushConfigsTest {
    @TempDir
    Path dir;

    private TaskDatabase database;
    private JpaTaskStore tasks;
    private JpaPushConfigStore store;
    private PushConfigs push;

    @BeforeEach
    void open() {
        database = StoreTesting.open(dir);
        StoreTesting.TickingClock clock = new StoreTesting.TickingClock(StoreTesting.T0);
        tasks = new JpaTaskStore(database.entityManagerFactory(), clock);
        WebhookCheck onlyExample = (url, field) -> {
            if (!url.startsWith("https://hooks.example.com/")) {
                throw A2AException.invalidField(field, "is refused");
            }
        };
        store = new JpaPushConfigStore(database.entityManagerFactory(), SecretBox.inDirectory(dir), clock);
        push = new PushConfigs(tasks, store, onlyExample, 3, 5);
        task("t1", "alice", TaskState.INPUT_REQUIRED);
    }

    private void task(String id, String owner, TaskState state) {
        Task task = StoreTesting.task(id, "c1", state, StoreTesting.T0);
        tasks.create(task, owner, null, List.of(StoreTesting.statusEvent(task)));
    }

    @AfterEach
    void close() {
        database.close();
    }

    private static TaskPushNotificationConfig config(String id, String url) {
        return new TaskPushNotificationConfig(null, id, null, url, "tok", new AuthenticationInfo("Bearer", "cred"));
    }

    private static A2AError error(Runnable call) {
        return assertThrows(A2AException.class, call::run).error();
    }

    @Test
    void clientIdsAreKeptAndMissingOnesAssigned() {
        assertEquals("mine", push.create(config("mine", "https://hooks.example.com/1"), "t1", by("alice")).id());
        String assigned = push.create(config(null, "https://hooks.example.com/2"), "t1", by("alice")).id();
        assertTrue(assigned.length() >= 32, assigned);
        assertEquals("https://hooks.example.com/1", push.get(new TaskPushNotificationConfigRequest("t1", "mine"),
                by("alice")).url());
        assertEquals(2, push.list(new ListTaskPushNotificationConfigsRequest("t1", null, null), by("alice"))
                .configs().size());
    }

    @Test
    void onlyTheOwnerOrTheOperatorSeesTheConfigs() {
        push.create(config("c", "https://hooks.example.com/1"), "t1", by("alice"));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.get(new TaskPushNotificationConfigRequest("t1", "c"),
                by("mallory"))));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.delete(new TaskPushNotificationConfigRequest("t1", "c"),
                by("mallory"))));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.create(config("x", "https://hooks.example.com/1"),
                "t1", by("mallory"))));
        assertEquals("c", push.get(new TaskPushNotificationConfigRequest("t1", "c"), operator()).id());
    }

    @Test
    void aTaskHeldByItsIdShowsItsConfigsWithoutSecretsToItsHolders() {
        Task held = StoreTesting.task("t2", "c2", TaskState.INPUT_REQUIRED, StoreTesting.T0);
        tasks.create(held, "cookie:owner-digest", null, List.of(StoreTesting.statusEvent(held)));
        push.create(config("c", "https://hooks.example.com/1"), "t2", by("cookie:owner-digest"));
        TaskPushNotificationConfigRequest named = new TaskPushNotificationConfigRequest("t2", "c");
        TaskPushNotificationConfig seen = push.get(named, by("cookie:someone-else"));
        assertEquals("https://hooks.example.com/1", seen.url(), "whoever holds the id sees where events go");
        assertEquals(null, seen.token(), "but not the owner's token");
        assertEquals(null, seen.authentication().credentials(), "nor its credentials");
        assertEquals(null, push.getOrFirst(named, by("cookie:someone-else")).token());
        assertEquals(null, push.list(new ListTaskPushNotificationConfigsRequest("t2", null, null),
                by("cookie:someone-else")).configs().get(0).token());
        assertEquals("x", push.create(config("x", "https://hooks.example.com/2"), "t2", by("cookie:someone-else"))
                .id(), "a holder may follow the task by webhook, as it may subscribe to it");
        assertEquals("cred", push.get(named, by("cookie:owner-digest")).authentication().credentials());
        assertEquals("tok", push.get(named, operator()).token());
        push.delete(named, by("cookie:owner-digest"));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.get(named, by("cookie:owner-digest"))));
        TaskPushNotificationConfigRequest other = new TaskPushNotificationConfigRequest("t2", "x");
        push.delete(other, by("cookie:a-third-caller"));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.get(other, operator())),
                "a holder deletes a config as it may cancel the task: a client without cookies is a new caller each time");
    }

    @Test
    void aCallerKeysTaskKeepsItsConfigsToItsOwner() {
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.create(config("x", "https://hooks.example.com/2"),
                "t1", by("anon:someone-else"))));
        push.create(config("c", "https://hooks.example.com/1"), "t1", by("alice"));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.list(
                new ListTaskPushNotificationConfigsRequest("t1", null, null), by("anon:someone-else"))));
    }

    @Test
    void refusedUrlsAndHeaderBreakingValuesAreInvalidParams() {
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.create(config("a", "https://10.0.0.1/x"), "t1",
                by("alice"))));
        for (TaskPushNotificationConfig bad : List.of(
                new TaskPushNotificationConfig(null, "a", null, "https://hooks.example.com/1", "a\r\nX: y", null),
                new TaskPushNotificationConfig(null, "a", null, "https://hooks.example.com/1", null,
                        new AuthenticationInfo("Bearer", "c\nX: y")),
                new TaskPushNotificationConfig(null, "a", null, "https://hooks.example.com/1", null,
                        new AuthenticationInfo("Bearer x", "c")),
                new TaskPushNotificationConfig(null, "a\n", null, "https://hooks.example.com/1", null, null))) {
            assertEquals(A2AError.INVALID_PARAMS, error(() -> push.create(bad, "t1", by("alice"))),
                    bad::toString);
        }
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.list(
                new ListTaskPushNotificationConfigsRequest("t1", null, "not-a-token"), by("alice"))));
    }

    @Test
    void overLongIdsUrlsAndSecretsAreInvalidParamsNamingTheLimit() {
        String longId = "x".repeat(1_000);
        assertEquals("taskId is longer than 128 characters", assertThrows(A2AException.class,
                () -> push.get(new TaskPushNotificationConfigRequest(longId, "c"), by("alice"))).getMessage());
        assertEquals("id is longer than 128 characters", assertThrows(A2AException.class,
                () -> push.get(new TaskPushNotificationConfigRequest("t1", longId), by("alice"))).getMessage());
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.getOrFirst(
                new TaskPushNotificationConfigRequest("t1", longId), by("alice"))));
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.delete(
                new TaskPushNotificationConfigRequest("t1", longId), by("alice"))));
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.list(
                new ListTaskPushNotificationConfigsRequest(longId, null, null), by("alice"))));
        assertEquals(A2AError.INVALID_PARAMS, error(() -> push.create(config("c", "https://hooks.example.com/1"),
                longId, by("alice"))));
        assertEquals("id is longer than 128 characters", assertThrows(A2AException.class, () -> push.create(
                config(longId, "https://hooks.example.com/1"), "t1", by("alice"))).getMessage());
        assertEquals("url is longer than 2048 characters", assertThrows(A2AException.class, () -> push.create(
                config("c", "https://hooks.example.com/" + "u".repeat(2_048)), "t1", by("alice")))
                .getMessage());
        assertEquals("authentication.scheme is longer than 64 characters", assertThrows(A2AException.class,
                () -> push.create(new TaskPushNotificationConfig(null, "c", null, "https://hooks.example.com/1", null,
                        new AuthenticationInfo("B".repeat(65), "cred")), "t1", by("alice")))
                .getMessage());
        assertEquals("token is longer than 2048 characters", assertThrows(A2AException.class,
                () -> push.create(new TaskPushNotificationConfig(null, "c", null, "https://hooks.example.com/1",
                        "t".repeat(2_049), null), "t1", by("alice"))).getMessage());
        assertEquals(0, push.list(new ListTaskPushNotificationConfigsRequest("t1", null, null), by("alice"))
                .configs().size(), "nothing was stored");
    }

    @Test
    void deleteIsIdempotentAndOffMeansNotSupported() {
        push.create(config("c", "https://hooks.example.com/1"), "t1", by("alice"));
        push.delete(new TaskPushNotificationConfigRequest("t1", "c"), by("alice"));
        push.delete(new TaskPushNotificationConfigRequest("t1", "c"), by("alice"));
        assertEquals(A2AError.TASK_NOT_FOUND, error(() -> push.get(new TaskPushNotificationConfigRequest("t1", "c"),
                by("alice"))));
        PushConfigs off = PushConfigs.disabled(tasks);
        assertEquals(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED, error(() -> off.create(
                config("c", "https://hooks.example.com/1"), "t1", by("alice"))));
        assertEquals(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED, error(() -> off.list(
                new ListTaskPushNotificationConfigsRequest("t1", null, null), by("alice"))));
    }

    private static String limitRefusal(Runnable call) {
        A2AException refused = assertThrows(A2AException.class, call::run);
        assertEquals(A2AError.INVALID_PARAMS, refused.error());
        return refused.getMessage();
    }

    @Test
    void aTaskHasOnlySoManyConfigsButMayReplaceThem() {
        for (String id : List.of("a", "b", "c")) {
            push.create(config(id, "https://hooks.example.com/" + id), "t1", by("alice"));
        }
        String refusal = limitRefusal(() -> push.create(config("d", "https://hooks.example.com/d"), "t1",
                by("alice")));
        assertTrue(refusal.contains("limit 3") && refusal.contains("t1"), refusal);
        assertTrue(limitRefusal(() -> push.create(config("d", "https://hooks.example.com/d"), "t1", operator()))
                .contains("limit 3"), "the operator is held to it too");
        assertEquals("https://hooks.example.com/new", push.create(config("a", "https://hooks.example.com/new"), "t1",
                by("alice")).url(), "replacing a config under its id adds none");
        assertTrue(limitRefusal(() -> push.accept(config("d", "https://hooks.example.com/d"), "configuration",
                by("alice"), "t1")).contains("limit 3"), "nor can a follow-up message add one");
        push.delete(new TaskPushNotificationConfigRequest("t1", "b"), by("alice"));
        push.create(config("d", "https://hooks.example.com/d"), "t1", by("alice"));
    }

    @Test
    void aCallerHasOnlySoManyConfigsOnUnfinishedTasks() {
        task("t2", "alice", TaskState.WORKING);
        task("t3", "alice", TaskState.WORKING);
        task("done", "alice", TaskState.COMPLETED);
        task("b1", "bob", TaskState.WORKING);
        for (String id : List.of("a", "b", "c")) {
            push.create(config(id, "https://hooks.example.com/" + id), "t1", by("alice"));
            push.create(config(id, "https://hooks.example.com/" + id), "done", by("alice"));
        }
        push.create(config("a", "https://hooks.example.com/a"), "t2", by("alice"));
        push.create(config("b", "https://hooks.example.com/b"), "t2", operator());
        String refusal = limitRefusal(() -> push.create(config("a", "https://hooks.example.com/a"), "t3",
                by("alice")));
        assertTrue(refusal.contains("limit 5"), refusal);
        assertTrue(limitRefusal(() -> push.accept(config("x", "https://hooks.example.com/x"), "configuration",
                by("alice"), null)).contains("limit 5"), "nor in a message that starts a task");
        push.create(config("a", "https://hooks.example.com/a"), "b1", by("bob"));
        push.accept(config("x", "https://hooks.example.com/x"), "configuration", by("alice"), "b1");

        store.failed("t1", "a", 10, Long.MAX_VALUE, "answered 500");
        push.create(config("a", "https://hooks.example.com/a"), "t3", by("alice"));
        assertTrue(limitRefusal(() -> push.create(config("a", "https://hooks.example.com/a2"), "t1",
                by("alice"))).contains("limit 5"), "reviving a cut-off config opens one more");
    }

    @Test
    void limitsOfZeroAreNoLimits() {
        PushConfigs unlimited = new PushConfigs(tasks, store, (url, field) -> { }, 0, 0);
        for (int i = 0; i < 12; i++) {
            unlimited.create(config("c" + i, "https://hooks.example.com/" + i), "t1", by("alice"));
        }
        assertEquals(12, store.countForTask("t1"));
    }
}
