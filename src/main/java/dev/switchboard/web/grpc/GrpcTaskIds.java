package dev.switchboard.web.grpc;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.MessageOrBuilder;

/**
 * The task a gRPC request or send answer is about, for the operation's log line and span, read by
 * field name so that both services' protos are served: {@code task_id} (push configs, 1.0),
 * {@code id} (get, cancel, subscribe, 1.0), a 0.3 resource name ({@code tasks/{id}...} in
 * {@code name} or {@code parent}), else the sent message's {@code task_id}.
 */
final class GrpcTaskIds {
    private static final String TASKS = "tasks/";

    private GrpcTaskIds() {
    }

    /** The task the request names; null when it names none. */
    static String named(MessageOrBuilder request) {
        if (request == null) {
            return null;
        }
        String id = text(request, "task_id");
        if (id == null) {
            id = text(request, "id");
        }
        if (id == null) {
            id = resource(text(request, "name"));
        }
        if (id == null) {
            id = resource(text(request, "parent"));
        }
        if (id == null) {
            MessageOrBuilder sent = message(request, "message");
            if (sent == null) {
                sent = message(request, "request"); // 0.3's SendMessageRequest
            }
            id = sent == null ? null : text(sent, "task_id");
        }
        return id;
    }

    /** The task and context of a send's answer: its task's, or its message's; nulls for neither. */
    static String[] ofAnswer(Object answer) {
        if (!(answer instanceof MessageOrBuilder response)) {
            return new String[2];
        }
        MessageOrBuilder task = message(response, "task");
        if (task != null) {
            return new String[] {text(task, "id"), text(task, "context_id")};
        }
        MessageOrBuilder message = message(response, "message");
        if (message == null) {
            message = message(response, "msg");
        }
        return message == null ? new String[2] : new String[] {text(message, "task_id"), text(message, "context_id")};
    }

    private static String text(MessageOrBuilder message, String field) {
        FieldDescriptor descriptor = message.getDescriptorForType().findFieldByName(field);
        if (descriptor == null || descriptor.getJavaType() != FieldDescriptor.JavaType.STRING
                || descriptor.isRepeated()) {
            return null;
        }
        String value = (String) message.getField(descriptor);
        return value.isEmpty() ? null : value;
    }

    private static MessageOrBuilder message(MessageOrBuilder message, String field) {
        FieldDescriptor descriptor = message.getDescriptorForType().findFieldByName(field);
        if (descriptor == null || descriptor.getJavaType() != FieldDescriptor.JavaType.MESSAGE
                || descriptor.isRepeated() || !message.hasField(descriptor)) {
            return null;
        }
        return (MessageOrBuilder) message.getField(descriptor);
    }

    /** {@code tasks/abc} or {@code tasks/abc/pushNotificationConfigs/x}: {@code abc}. */
    private static String resource(String name) {
        if (name == null || !name.startsWith(TASKS)) {
            return null;
        }
        int end = name.indexOf('/', TASKS.length());
        String id = end < 0 ? name.substring(TASKS.length()) : name.substring(TASKS.length(), end);
        return id.isEmpty() ? null : id;
    }
}
