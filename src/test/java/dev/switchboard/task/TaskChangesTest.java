package dev.switchboard.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.store.TaskChange;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskChangesTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Message USER = new Message("u1", "c", "t", Role.USER, List.of(Part.text("hi")), null,
            List.of(), List.of());
    private static final Artifact ONE = Artifact.of("a1", null, List.of(Part.text("one")));
    private static final Artifact TWO = Artifact.of("a2", null, List.of(Part.text("two")));

    private static Task task(TaskState state) {
        return new Task("t", "c", new TaskStatus(state, null, T0), List.of(), List.of(USER), null);
    }

    private static TaskStatus status(TaskState state) {
        return new TaskStatus(state, null, T0.plusSeconds(1));
    }

    @Test
    void aConclusionTellsItsArtifactsInOrderAndThenItsStatus() {
        TaskChange.Result result = TaskChanges.conclude(task(TaskState.WORKING), List.of(ONE, TWO),
                status(TaskState.COMPLETED), "me").orElseThrow();
        assertEquals(List.of(ONE, TWO), result.task().artifacts());
        assertEquals(TaskState.COMPLETED, result.task().status().state());
        assertEquals(List.of(
                new TaskArtifactUpdateEvent("t", "c", ONE, false, true, null),
                new TaskArtifactUpdateEvent("t", "c", TWO, false, true, null),
                new TaskStatusUpdateEvent("t", "c", status(TaskState.COMPLETED), null)), result.events());
        assertNull(result.runner());
    }

    @Test
    void aTerminalTaskTakesNoChangeAndTellsNothing() {
        Task done = task(TaskState.CANCELED);
        assertEquals(Optional.empty(), TaskChanges.status(done, status(TaskState.COMPLETED), null));
        assertEquals(Optional.empty(), TaskChanges.conclude(done, List.of(ONE), status(TaskState.FAILED), null));
        assertEquals(Optional.empty(), TaskChanges.artifact(done, ONE, false, true, "me"));
    }

    @Test
    void theRunnerKeepsAWorkingTaskAndLetsGoOfOneFinishedOrWaitingForTheClient() {
        assertEquals("me", TaskChanges.artifact(task(TaskState.WORKING), ONE, false, false, "me")
                .orElseThrow().runner());
        assertNull(TaskChanges.artifact(task(TaskState.INPUT_REQUIRED), ONE, true, true, "me")
                .orElseThrow().runner());
        assertEquals("me", TaskChanges.status(task(TaskState.SUBMITTED), status(TaskState.WORKING), "me")
                .orElseThrow().runner());
        for (TaskState state : List.of(TaskState.INPUT_REQUIRED, TaskState.AUTH_REQUIRED, TaskState.COMPLETED,
                TaskState.FAILED, TaskState.REJECTED)) {
            assertNull(TaskChanges.conclude(task(TaskState.WORKING), List.of(ONE), status(state), "me")
                    .orElseThrow().runner(), state.name());
            assertNull(TaskChanges.runner(task(state), "me"), state.name());
        }
        assertEquals("me", TaskChanges.runner(task(TaskState.WORKING), "me"));
    }
}
