package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.ProtoJson.invalid;
import static dev.switchboard.protocol.json.ProtoJson.path;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;

/**
 * {@link Message} in 1.0 ProtoJSON: {@code messageId}, {@code contextId}, {@code taskId},
 * {@code role}, {@code parts}, {@code metadata}, {@code extensions}, {@code referenceTaskIds}, in
 * that (proto) order.
 */
public final class MessageCodec {
    private static final List<Role> ROLES = List.of(Role.values());

    private MessageCodec() {
    }

    /**
     * The message as a JSON object. {@code messageId}, {@code role} and {@code parts} are required,
     * so they are always written; the rest only when set.
     */
    public static JsonObject toJson(Message message) {
        JsonObjectBuilder json = ProtoWriter.objectBuilder().add("messageId", message.messageId());
        ProtoWriter.putString(json, "contextId", message.contextId());
        ProtoWriter.putString(json, "taskId", message.taskId());
        json.add("role", message.role().wireName());
        json.add("parts", PartCodec.toJson(message.parts()));
        ProtoWriter.putObject(json, "metadata", message.metadata());
        ProtoWriter.putStrings(json, "extensions", message.extensions());
        ProtoWriter.putStrings(json, "referenceTaskIds", message.referenceTaskIds());
        return json.build();
    }

    /**
     * Reads a message.
     *
     * @param path where the message sits, e.g. {@code message}; empty when it is the whole document
     * @throws A2AException invalid params when it is not an object, {@code messageId} is missing or
     *                      empty, {@code role} is missing, unspecified or not a 1.0 name (the 0.3
     *                      {@code "user"} is refused), {@code parts} is missing or empty, or any
     *                      field has the wrong type
     */
    public static Message fromJson(JsonValue value, String path) {
        JsonObject json = ProtoJson.asObject(value, path);
        String messageId = ProtoJson.requiredString(json, path, "messageId");
        Role role = role(json, path);
        List<Part> parts = PartCodec.fromJsonArray(json, path, "parts");
        return new Message(messageId,
                ProtoJson.string(json, path, "contextId"),
                ProtoJson.string(json, path, "taskId"),
                role,
                parts,
                ProtoJson.object(json, path, "metadata"),
                ProtoJson.strings(json, path, "extensions"),
                ProtoJson.strings(json, path, "referenceTaskIds"));
    }

    private static Role role(JsonObject json, String path) {
        Role role = ProtoJson.enumValue(json, path, "role", ROLES, Role::fromWireName);
        if (role == null || role == Role.UNSPECIFIED) {
            throw invalid(path(path, "role"), "is required: ROLE_USER or ROLE_AGENT");
        }
        return role;
    }
}
