package dev.switchboard.task;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.skill.TaskUpdater;
import java.util.List;

/** The updater a skill is given for one turn: what it reports goes to that turn's {@link TaskRun}. */
final class RunUpdater implements TaskUpdater {
    private final TaskRun run;

    RunUpdater(TaskRun run) {
        this.run = run;
    }

    @Override
    public String taskId() {
        return run.taskId();
    }

    @Override
    public String contextId() {
        return run.contextId();
    }

    @Override
    public boolean isCanceled() {
        return run.isCanceled();
    }

    @Override
    public boolean status(TaskState state, Message message) {
        return run.status(state, message);
    }

    @Override
    public boolean artifactChunk(Artifact chunk, boolean append, boolean lastChunk) {
        return run.artifact(chunk, append, lastChunk);
    }

    @Override
    public boolean complete(List<Artifact> artifacts, String text) {
        return run.conclude(artifacts, TaskState.COMPLETED, message(text));
    }

    @Override
    public boolean reply(Message message) {
        return run.reply(message);
    }
}
