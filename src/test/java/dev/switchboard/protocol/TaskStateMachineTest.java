package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TaskStateMachineTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Message USER = new Message("u1", "c", "t", Role.USER, List.of(Part.text("hi")), null,
            List.of(), List.of());
    private static final EnumSet<TaskState> TERMINAL =
            EnumSet.of(TaskState.COMPLETED, TaskState.FAILED, TaskState.CANCELED, TaskState.REJECTED);

    private static Task task(TaskState state, Message statusMessage) {
        return new Task("t", "c", new TaskStatus(state, statusMessage, T0), List.of(), List.of(USER),
                Json.createObjectBuilder().add("k", "v").build());
    }

    private static Message agent(String id, String text) {
        return Message.agent(id, "c", "t", List.of(Part.text(text)));
    }

    private static TaskStatus status(TaskState state) {
        return new TaskStatus(state, null, T0.plusSeconds(1));
    }

    @Test
    void terminalStatesAreExactlyTheFourFinalOnes() {
        for (TaskState state : TaskState.values()) {
            assertEquals(TERMINAL.contains(state), state.isTerminal(), state.name());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TaskState.class, names = {"COMPLETED", "FAILED", "CANCELED", "REJECTED"})
    void aTerminalTaskNeverChanges(TaskState terminal) {
        Task task = task(terminal, agent("a1", "final"));
        for (TaskState next : TaskState.values()) {
            assertEquals(Optional.empty(), TaskStateMachine.status(task, status(next)), terminal + " -> " + next);
        }
        assertEquals(Optional.empty(), TaskStateMachine.artifact(task, Artifact.of("a", null,
                List.of(Part.text("x"))), false));
        assertEquals(Optional.empty(), TaskStateMachine.artifact(task, Artifact.of("a", null,
                List.of(Part.text("x"))), true));
        assertEquals(Optional.empty(), TaskStateMachine.followUp(task, USER));
    }

    @ParameterizedTest
    @EnumSource(value = TaskState.class, names = {"WORKING", "INPUT_REQUIRED", "AUTH_REQUIRED"})
    void nothingReturnsToSubmittedOnceItLeftIt(TaskState current) {
        assertEquals(Optional.empty(), TaskStateMachine.status(task(current, null), status(TaskState.SUBMITTED)));
    }

    @Test
    void submittedMayBeRestatedAsSubmitted() {
        Task moved = TaskStateMachine.status(task(TaskState.SUBMITTED, null), status(TaskState.SUBMITTED))
                .orElseThrow();
        assertEquals(status(TaskState.SUBMITTED), moved.status());
    }

    @ParameterizedTest
    @EnumSource(value = TaskState.class, names = {"SUBMITTED", "WORKING", "INPUT_REQUIRED", "AUTH_REQUIRED"})
    void unspecifiedIsNeverAccepted(TaskState current) {
        assertEquals(Optional.empty(), TaskStateMachine.status(task(current, null), status(TaskState.UNSPECIFIED)));
    }

    @Test
    void everyOtherMoveFromANonTerminalStateIsAllowedAndKeepsTheRest() {
        EnumSet<TaskState> open = EnumSet.of(TaskState.SUBMITTED, TaskState.WORKING, TaskState.INPUT_REQUIRED,
                TaskState.AUTH_REQUIRED);
        EnumSet<TaskState> targets = EnumSet.complementOf(EnumSet.of(TaskState.UNSPECIFIED, TaskState.SUBMITTED));
        Artifact artifact = Artifact.of("a", null, List.of(Part.text("x")));
        for (TaskState from : open) {
            Task task = task(from, null).withArtifacts(List.of(artifact));
            for (TaskState to : targets) {
                Task moved = TaskStateMachine.status(task, status(to)).orElseThrow(() -> new AssertionError(from
                        + " -> " + to));
                assertEquals(status(to), moved.status());
                assertEquals("t", moved.id());
                assertEquals("c", moved.contextId());
                assertEquals(List.of(artifact), moved.artifacts());
                assertEquals(List.of(USER), moved.history());
                assertEquals(task.metadata(), moved.metadata());
            }
        }
    }

    @Test
    void thePreviousStatusMessageMovesIntoTheHistory() {
        Message question = agent("a1", "which one?");
        Task waiting = task(TaskState.INPUT_REQUIRED, question);
        Message answer = agent("a2", "done");

        Task done = TaskStateMachine.status(waiting, new TaskStatus(TaskState.COMPLETED, answer, T0.plusSeconds(2)))
                .orElseThrow();

        assertEquals(List.of(USER, question), done.history());
        assertEquals(answer, done.status().message());
    }

    @Test
    void aStatusMessageAlreadyInTheHistoryIsNotAddedTwice() {
        Message progress = agent("a1", "working on it");
        Task task = task(TaskState.WORKING, progress).withHistory(List.of(USER, progress));
        Task next = TaskStateMachine.status(task, status(TaskState.WORKING)).orElseThrow();
        assertEquals(List.of(USER, progress), next.history());
        assertEquals(null, next.status().message());
    }

    @Test
    void aNewArtifactIsAddedAfterTheOthers() {
        Artifact first = Artifact.of("a1", "one", List.of(Part.text("1")));
        Artifact second = Artifact.of("a2", "two", List.of(Part.text("2")));
        Task task = task(TaskState.WORKING, null).withArtifacts(List.of(first));
        for (boolean append : new boolean[] {false, true}) {
            Task next = TaskStateMachine.artifact(task, second, append).orElseThrow();
            assertEquals(List.of(first, second), next.artifacts(), "append=" + append);
            assertEquals(task.status(), next.status());
            assertEquals(task.history(), next.history());
        }
    }

    @Test
    void anArtifactWithTheSameIdReplacesTheOldOneInPlace() {
        Artifact first = Artifact.of("a1", "one", List.of(Part.text("1")));
        Artifact second = Artifact.of("a2", "two", List.of(Part.text("2")));
        Artifact replacement = Artifact.of("a1", "uno", List.of(Part.text("one")));
        Task task = task(TaskState.WORKING, null).withArtifacts(List.of(first, second));
        Task next = TaskStateMachine.artifact(task, replacement, false).orElseThrow();
        assertEquals(List.of(replacement, second), next.artifacts());
    }

    @Test
    void appendingConcatenatesPartsAndKeepsFieldsTheChunkLeavesOut() {
        var metadata = Json.createObjectBuilder().add("m", 1).build();
        Artifact first = new Artifact("a1", "name", "desc", List.of(Part.text("A")), metadata, List.of("ext:1"));
        Artifact chunk = Artifact.of("a1", null, List.of(Part.text("B"), Part.text("C")));
        Task task = task(TaskState.WORKING, null).withArtifacts(List.of(first));

        Artifact appended = TaskStateMachine.artifact(task, chunk, true).orElseThrow().artifacts().get(0);

        assertEquals(new Artifact("a1", "name", "desc", List.of(Part.text("A"), Part.text("B"), Part.text("C")),
                metadata, List.of("ext:1")), appended);
        Artifact renamed = new Artifact("a1", "new name", "new desc", List.of(Part.text("D")), null, List.of("ext:2"));
        Artifact again = TaskStateMachine.artifact(task.withArtifacts(List.of(appended)), renamed, true).orElseThrow()
                .artifacts().get(0);
        assertEquals(new Artifact("a1", "new name", "new desc", List.of(Part.text("A"), Part.text("B"),
                Part.text("C"), Part.text("D")), metadata, List.of("ext:2")), again);
    }

    @ParameterizedTest
    @EnumSource(value = TaskState.class, names = {"SUBMITTED", "WORKING", "INPUT_REQUIRED", "AUTH_REQUIRED"})
    void aFollowUpAppendsTheUserMessageAfterThePendingAgentMessage(TaskState state) {
        Message question = agent("a1", "which one?");
        Message reply = new Message("u2", "c", "t", Role.USER, List.of(Part.text("this one")), null, List.of(),
                List.of());
        Task task = task(state, question);

        Task next = TaskStateMachine.followUp(task, reply).orElseThrow();

        assertEquals(List.of(USER, question, reply), next.history());
        assertEquals(new TaskStatus(state, null, T0), next.status(), "the state stays, its message moved out");
        assertEquals(task.metadata(), next.metadata());
    }

    @Test
    void aFollowUpWithoutAStatusMessageOnlyAppends() {
        Message reply = new Message("u2", "c", "t", Role.USER, List.of(Part.text("more")), null, List.of(),
                List.of());
        Task next = TaskStateMachine.followUp(task(TaskState.WORKING, null), reply).orElseThrow();
        assertEquals(List.of(USER, reply), next.history());
        assertTrue(next.artifacts().isEmpty());
    }
}
