package dev.switchboard.web.grpc;

import static dev.switchboard.protocol.json.ProtoJson.index;
import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.json.PushConfigCodec;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The 1.0 service's task requests read straight into the internal model, with the checks and the
 * field paths of the JSON codecs ({@code message.parts[0]}, {@code configuration.historyLength}),
 * so that a bad request is refused alike on every binding. A proto3 string or list left at its
 * default is absent, as in ProtoJSON.
 */
final class V1Requests {
    private V1Requests() {
    }

    /**
     * SendMessage and SendStreamingMessage.
     *
     * @throws dev.switchboard.protocol.A2AException invalid params for a missing or invalid message
     *                                               or a negative history length
     */
    static SendMessageRequest sendMessage(com.google.lf.a2a.v1.SendMessageRequest request) {
        if (!request.hasMessage()) {
            throw invalid("message", "is required");
        }
        return new SendMessageRequest(text(request.getTenant()), message(request.getMessage(), "message"),
                request.hasConfiguration() ? configuration(request.getConfiguration()) : SendMessageConfiguration.DEFAULT,
                request.hasMetadata() ? ProtoStructs.object(request.getMetadata(), "metadata") : null);
    }

    static GetTaskRequest getTask(com.google.lf.a2a.v1.GetTaskRequest request) {
        return new GetTaskRequest(text(request.getTenant()), required(request.getId(), "id"),
                request.hasHistoryLength() ? historyLength(request.getHistoryLength(), "historyLength") : null);
    }

    static CancelTaskRequest cancelTask(com.google.lf.a2a.v1.CancelTaskRequest request) {
        return new CancelTaskRequest(text(request.getTenant()), required(request.getId(), "id"),
                request.hasMetadata() ? ProtoStructs.object(request.getMetadata(), "metadata") : null);
    }

    static SubscribeToTaskRequest subscribeToTask(com.google.lf.a2a.v1.SubscribeToTaskRequest request) {
        return new SubscribeToTaskRequest(text(request.getTenant()), required(request.getId(), "id"));
    }

    private static SendMessageConfiguration configuration(com.google.lf.a2a.v1.SendMessageConfiguration proto) {
        String path = "configuration";
        TaskPushNotificationConfig push = null;
        if (proto.hasTaskPushNotificationConfig()) {
            // rare on a send, and the push config's checks live in its codec alone
            String pushPath = path(path, "taskPushNotificationConfig");
            push = PushConfigCodec.fromJson(ProtoJsonBridge.json(proto.getTaskPushNotificationConfig()), pushPath);
        }
        return new SendMessageConfiguration(proto.getAcceptedOutputModesList(), push,
                proto.hasHistoryLength() ? historyLength(proto.getHistoryLength(), path(path, "historyLength")) : null,
                proto.getReturnImmediately());
    }

    /**
     * @throws dev.switchboard.protocol.A2AException invalid params for an empty {@code messageId},
     *                                               a role that is not ROLE_USER or ROLE_AGENT, no
     *                                               parts or a part without content
     */
    static Message message(com.google.lf.a2a.v1.Message proto, String path) {
        String messageId = required(proto.getMessageId(), path(path, "messageId"));
        Role role = switch (proto.getRole()) {
            case ROLE_USER -> Role.USER;
            case ROLE_AGENT -> Role.AGENT;
            case ROLE_UNSPECIFIED -> throw invalid(path(path, "role"), "is required: ROLE_USER or ROLE_AGENT");
            case UNRECOGNIZED -> throw invalid(path(path, "role"), "is not a known value");
        };
        String partsPath = path(path, "parts");
        if (proto.getPartsCount() == 0) {
            throw invalid(partsPath, "is required");
        }
        List<Part> parts = new ArrayList<>(proto.getPartsCount());
        for (int i = 0; i < proto.getPartsCount(); i++) {
            parts.add(part(proto.getParts(i), index(partsPath, i)));
        }
        return new Message(messageId, text(proto.getContextId()), text(proto.getTaskId()), role, parts,
                proto.hasMetadata() ? ProtoStructs.object(proto.getMetadata(), path(path, "metadata")) : null,
                proto.getExtensionsList(), proto.getReferenceTaskIdsList());
    }

    private static Part part(com.google.lf.a2a.v1.Part proto, String path) {
        JsonObject metadata = proto.hasMetadata() ? ProtoStructs.object(proto.getMetadata(), path(path, "metadata"))
                : null;
        String filename = text(proto.getFilename());
        String mediaType = text(proto.getMediaType());
        return switch (proto.getContentCase()) {
            case TEXT -> new Part(Part.Kind.TEXT, proto.getText(), null, null, null, mediaType, filename, metadata);
            case RAW -> new Part(Part.Kind.RAW, null, proto.getRaw().toByteArray(), null, null, mediaType, filename,
                    metadata);
            case URL -> new Part(Part.Kind.URL, null, null, proto.getUrl(), null, mediaType, filename, metadata);
            case DATA -> new Part(Part.Kind.DATA, null, null, null, ProtoStructs.value(proto.getData(),
                    path(path, "data")), mediaType, filename, metadata);
            case CONTENT_NOT_SET -> throw invalid(path, "must have exactly one of text, raw, url or data");
        };
    }

    private static Integer historyLength(int value, String path) {
        if (value < 0) {
            throw invalid(path, "must not be negative");
        }
        return value;
    }

    private static String required(String value, String path) {
        if (value.isEmpty()) {
            throw invalid(path, "is required");
        }
        return value;
    }

    /** A proto3 string at its default is absent. */
    private static String text(String value) {
        return value.isEmpty() ? null : value;
    }
}
