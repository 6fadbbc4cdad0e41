package dev.switchboard.web.grpc;

import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.TaskStatusUpdateEvent;
import dev.switchboard.protocol.request.ListTasksResponse;
import java.time.Instant;

/**
 * Tasks, messages and stream events of the internal model as the 1.0 service's messages, written
 * straight from the model as the JSON bindings write them: a timestamp to the millisecond, as the
 * 1.0 wire form has it, so a task reads the same over every binding.
 */
final class V1Results {
    private static final com.google.lf.a2a.v1.Role[] ROLES = new com.google.lf.a2a.v1.Role[Role.values().length];
    private static final com.google.lf.a2a.v1.TaskState[] STATES =
            new com.google.lf.a2a.v1.TaskState[TaskState.values().length];

    static {
        for (Role role : Role.values()) {
            ROLES[role.ordinal()] = com.google.lf.a2a.v1.Role.valueOf(role.wireName());
        }
        for (TaskState state : TaskState.values()) {
            STATES[state.ordinal()] = com.google.lf.a2a.v1.TaskState.valueOf(state.wireName());
        }
    }

    private V1Results() {
    }

    static SendMessageResponse sendResult(SendMessageResult result) {
        return result instanceof Task task ? SendMessageResponse.newBuilder().setTask(task(task)).build()
                : SendMessageResponse.newBuilder().setMessage(message((Message) result)).build();
    }

    static StreamResponse streamEvent(StreamEvent event) {
        StreamResponse.Builder response = StreamResponse.newBuilder();
        if (event instanceof Task task) {
            response.setTask(task(task));
        } else if (event instanceof Message message) {
            response.setMessage(message(message));
        } else if (event instanceof TaskStatusUpdateEvent update) {
            response.setStatusUpdate(statusUpdate(update));
        } else if (event instanceof TaskArtifactUpdateEvent update) {
            response.setArtifactUpdate(artifactUpdate(update));
        } else {
            // unreachable while StreamEvent stays sealed; a new member must be added above
            throw new IllegalArgumentException("unknown stream event " + event.getClass().getName());
        }
        return response.build();
    }

    static com.google.lf.a2a.v1.ListTasksResponse listTasks(ListTasksResponse page) {
        com.google.lf.a2a.v1.ListTasksResponse.Builder proto = com.google.lf.a2a.v1.ListTasksResponse.newBuilder()
                .setNextPageToken(page.nextPageToken()).setPageSize(page.pageSize()).setTotalSize(page.totalSize());
        for (Task task : page.tasks()) {
            proto.addTasks(task(task));
        }
        return proto.build();
    }

    static com.google.lf.a2a.v1.Task task(Task task) {
        com.google.lf.a2a.v1.Task.Builder proto = com.google.lf.a2a.v1.Task.newBuilder().setId(task.id())
                .setStatus(status(task.status()));
        if (task.contextId() != null) {
            proto.setContextId(task.contextId());
        }
        for (Artifact artifact : task.artifacts()) {
            proto.addArtifacts(artifact(artifact));
        }
        for (Message message : task.history()) {
            proto.addHistory(message(message));
        }
        if (task.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(task.metadata()));
        }
        return proto.build();
    }

    static com.google.lf.a2a.v1.Message message(Message message) {
        com.google.lf.a2a.v1.Message.Builder proto = com.google.lf.a2a.v1.Message.newBuilder()
                .setMessageId(message.messageId()).setRole(ROLES[message.role().ordinal()])
                .addAllExtensions(message.extensions()).addAllReferenceTaskIds(message.referenceTaskIds());
        if (message.contextId() != null) {
            proto.setContextId(message.contextId());
        }
        if (message.taskId() != null) {
            proto.setTaskId(message.taskId());
        }
        for (Part part : message.parts()) {
            proto.addParts(part(part));
        }
        if (message.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(message.metadata()));
        }
        return proto.build();
    }

    private static com.google.lf.a2a.v1.TaskStatus status(TaskStatus status) {
        com.google.lf.a2a.v1.TaskStatus.Builder proto = com.google.lf.a2a.v1.TaskStatus.newBuilder()
                .setState(STATES[status.state().ordinal()]);
        if (status.message() != null) {
            proto.setMessage(message(status.message()));
        }
        if (status.timestamp() != null) {
            proto.setTimestamp(timestamp(status.timestamp()));
        }
        return proto.build();
    }

    private static com.google.lf.a2a.v1.Artifact artifact(Artifact artifact) {
        com.google.lf.a2a.v1.Artifact.Builder proto = com.google.lf.a2a.v1.Artifact.newBuilder()
                .setArtifactId(artifact.artifactId()).addAllExtensions(artifact.extensions());
        if (artifact.name() != null) {
            proto.setName(artifact.name());
        }
        if (artifact.description() != null) {
            proto.setDescription(artifact.description());
        }
        for (Part part : artifact.parts()) {
            proto.addParts(part(part));
        }
        if (artifact.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(artifact.metadata()));
        }
        return proto.build();
    }

    private static com.google.lf.a2a.v1.Part part(Part part) {
        com.google.lf.a2a.v1.Part.Builder proto = com.google.lf.a2a.v1.Part.newBuilder();
        switch (part.kind()) {
            case TEXT -> proto.setText(part.text());
            case RAW -> proto.setRaw(ByteString.copyFrom(part.raw()));
            case URL -> proto.setUrl(part.url());
            case DATA -> proto.setData(ProtoStructs.value(part.data()));
        }
        if (part.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(part.metadata()));
        }
        if (part.filename() != null) {
            proto.setFilename(part.filename());
        }
        if (part.mediaType() != null) {
            proto.setMediaType(part.mediaType());
        }
        return proto.build();
    }

    private static com.google.lf.a2a.v1.TaskStatusUpdateEvent statusUpdate(TaskStatusUpdateEvent event) {
        com.google.lf.a2a.v1.TaskStatusUpdateEvent.Builder proto = com.google.lf.a2a.v1.TaskStatusUpdateEvent
                .newBuilder().setTaskId(event.taskId()).setStatus(status(event.status()));
        if (event.contextId() != null) {
            proto.setContextId(event.contextId());
        }
        if (event.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(event.metadata()));
        }
        return proto.build();
    }

    private static com.google.lf.a2a.v1.TaskArtifactUpdateEvent artifactUpdate(TaskArtifactUpdateEvent event) {
        com.google.lf.a2a.v1.TaskArtifactUpdateEvent.Builder proto = com.google.lf.a2a.v1.TaskArtifactUpdateEvent
                .newBuilder().setTaskId(event.taskId()).setArtifact(artifact(event.artifact()))
                .setAppend(event.append()).setLastChunk(event.lastChunk());
        if (event.contextId() != null) {
            proto.setContextId(event.contextId());
        }
        if (event.metadata() != null) {
            proto.setMetadata(ProtoStructs.struct(event.metadata()));
        }
        return proto.build();
    }

    /** The 1.0 wire form's millisecond precision, whatever precision the model holds. */
    private static Timestamp timestamp(Instant instant) {
        return Timestamp.newBuilder().setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano() / 1_000_000 * 1_000_000).build();
    }
}
