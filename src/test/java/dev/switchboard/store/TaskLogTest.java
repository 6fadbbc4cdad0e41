package dev.switchboard.store;

import static dev.switchboard.store.StoreTesting.T0;
import static dev.switchboard.store.StoreTesting.statusEvent;
import static dev.switchboard.store.StoreTesting.task;
import static dev.switchboard.store.StoreTesting.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStateMachine;
import dev.switchboard.protocol.TaskStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskLogTest {
    private final Task submitted = task("t1", "c1", TaskState.SUBMITTED, T0);

    @Test
    void statusUpdatesMoveTheLeftStatusMessageIntoTheHistoryAsTheRulesDo() {
        Task asking = TaskStateMachine.status(submitted, new TaskStatus(TaskState.INPUT_REQUIRED,
                user("m-ask", "c1", "t1", "which?"), T0.plusMillis(1))).orElseThrow();
        Task working = TaskStateMachine.status(asking, new TaskStatus(TaskState.WORKING, null, T0.plusMillis(2)))
                .orElseThrow();

        assertEquals(working, TaskLog.replay(null, List.of(submitted, statusEvent(asking), statusEvent(working))));
        assertEquals(2, working.history().size(), "the agent's question joined the history");
    }

    @Test
    void artifactChunksAppendAndANewArtifactReplacesOneWithItsId() {
        Artifact first = new Artifact("a1", "n", null, List.of(Part.text("one ")), null, List.of());
        Artifact more = new Artifact("a1", null, null, List.of(Part.text("two")), null, List.of());
        Artifact replaced = new Artifact("a1", "m", null, List.of(Part.text("three")), null, List.of());

        Task appended = TaskLog.replay(submitted, List.of(chunk(first, false), chunk(more, true)));
        assertEquals(List.of(Part.text("one "), Part.text("two")), appended.artifacts().get(0).parts());
        assertEquals(List.of(replaced), TaskLog.replay(appended, List.of(chunk(replaced, false))).artifacts());
    }

    @Test
    void aMessageOnTheLogIsNotPartOfTheTask() {
        assertEquals(submitted, TaskLog.replay(submitted, List.of(user("m-x", "c1", "t1", "aside"))));
    }

    @Test
    void aLogCutShortMakesNoTask() {
        assertThrows(IllegalStateException.class, () -> TaskLog.replay(null, List.of()));
        assertThrows(IllegalStateException.class, () -> TaskLog.replay(null, List.of(statusEvent(submitted))));
    }

    @Test
    void eventsTellAChangeOnlyWhenTheyRebuildItsResultExactly() {
        Task working = submitted.withStatus(new TaskStatus(TaskState.WORKING, null, T0.plusMillis(1)));
        assertTrue(TaskLog.tells(submitted, List.of(statusEvent(working)), working));
        assertTrue(TaskLog.tells(null, List.of(submitted, statusEvent(working)), working));

        Task followedUp = TaskStateMachine.followUp(submitted, user("m-2", "c1", "t1", "more")).orElseThrow();
        assertFalse(TaskLog.tells(submitted, List.of(), followedUp), "a follow-up has no event");
        assertFalse(TaskLog.tells(null, List.of(statusEvent(working)), working), "no task to start from");
    }

    private static TaskArtifactUpdateEvent chunk(Artifact artifact, boolean append) {
        return new TaskArtifactUpdateEvent("t1", "c1", artifact, append, false, null);
    }
}
