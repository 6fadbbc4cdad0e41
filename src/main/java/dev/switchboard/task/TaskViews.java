package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Task;
import java.util.List;

/** How much of a task a response shows: {@code historyLength} and {@code includeArtifacts}. */
public final class TaskViews {
    private TaskViews() {
    }

    /**
     * @param historyLength null: the whole history; 0: none; n: the last n messages
     * @throws A2AException invalid params for a negative length
     */
    public static Task withHistory(Task task, Integer historyLength) {
        if (historyLength == null) {
            return task;
        }
        if (historyLength < 0) {
            throw A2AException.invalidField("historyLength", "must not be negative");
        }
        List<Message> history = task.history();
        if (history.size() <= historyLength) {
            return task;
        }
        return task.withHistory(history.subList(history.size() - historyLength, history.size()));
    }

    public static Task withoutArtifacts(Task task) {
        return task.artifacts().isEmpty() ? task : task.withArtifacts(List.of());
    }
}
