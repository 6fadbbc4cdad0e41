package dev.switchboard.cli;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.json.MessageCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import java.util.List;
import java.util.stream.Collectors;

/** How A2A objects print: a few readable lines, or one line of 1.0 ProtoJSON for {@code -o json}. */
final class Render {
    private Render() {
    }

    static String result(SendMessageResult result, boolean json) {
        if (result instanceof Task task) {
            return task(task, json);
        }
        Message message = (Message) result;
        return json ? MessageCodec.toJson(message).toString() : "message " + message.messageId() + "\n" + message(message);
    }

    static String task(Task task, boolean json) {
        if (json) {
            return TaskCodec.toJson(task).toString();
        }
        StringBuilder text = new StringBuilder("task ").append(task.id()).append("  ")
                .append(task.status().state().name());
        if (task.contextId() != null) {
            text.append("\ncontext ").append(task.contextId());
        }
        if (task.status().message() != null) {
            text.append('\n').append(message(task.status().message()));
        }
        for (Artifact artifact : task.artifacts()) {
            text.append("\nartifact ").append(artifact.name() == null ? artifact.artifactId() : artifact.name())
                    .append(": ").append(parts(artifact.parts()));
        }
        return text.toString();
    }

    static String event(StreamEvent event, boolean json) {
        if (json) {
            return StreamEventCodec.toStreamResponse(event).toString();
        }
        if (event instanceof Task task) {
            return "task " + task.id() + "  " + task.status().state().name();
        }
        if (event instanceof Message message) {
            return message(message);
        }
        if (event instanceof TaskStatusUpdateEvent update) {
            return "status " + update.status().state().name()
                    + (update.status().message() == null ? "" : "  " + parts(update.status().message().parts()));
        }
        TaskArtifactUpdateEvent update = (TaskArtifactUpdateEvent) event;
        return "artifact " + (update.artifact().name() == null ? update.artifact().artifactId() : update.artifact().name())
                + ": " + parts(update.artifact().parts());
    }

    static String message(Message message) {
        return message.role().name().toLowerCase(java.util.Locale.ROOT) + ": " + parts(message.parts());
    }

    static String parts(List<Part> parts) {
        return parts.stream().map(part -> switch (part.kind()) {
            case TEXT -> part.text();
            case DATA -> part.data().toString();
            case URL -> part.url();
            case RAW -> "(" + part.raw().length + " bytes" + (part.mediaType() == null ? "" : " " + part.mediaType()) + ")";
        }).collect(Collectors.joining(" "));
    }
}
