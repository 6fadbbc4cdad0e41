package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.FieldViolation;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * Bounds on what one message may carry and what a task keeps, so that no caller can make the
 * server store or process without limit. A message over a limit is refused, naming the limit,
 * before anything is stored.
 *
 * @param maxParts         parts per message
 * @param maxTextChars     characters in one text part
 * @param maxMetadataBytes bytes of a message's or request's metadata, as JSON
 * @param maxHistory       messages a task keeps in its history; older ones are dropped
 * @param maxListBytes     bytes of tasks, as JSON, one ListTasks page carries at most
 */
public record InputLimits(int maxParts, int maxTextChars, int maxMetadataBytes, int maxHistory, int maxListBytes) {
    public static final InputLimits DEFAULT = new InputLimits(64, 1_048_576, 16_384, 200, 4 * 1024 * 1024);

    /** @throws A2AException invalid params naming the limit a message passes */
    void check(Message message, JsonObject requestMetadata) {
        if (message.parts().size() > maxParts) {
            throw over("message.parts", "has " + message.parts().size() + " parts; the limit is " + maxParts);
        }
        for (int i = 0; i < message.parts().size(); i++) {
            Part part = message.parts().get(i);
            if (part.kind() == Part.Kind.TEXT && part.text().length() > maxTextChars) {
                throw over("message.parts[" + i + "].text", "has " + part.text().length()
                        + " characters; the limit is " + maxTextChars);
            }
        }
        checkMetadata("message.metadata", message.metadata());
        checkMetadata("metadata", requestMetadata);
    }

    private void checkMetadata(String field, JsonObject metadata) {
        if (metadata != null && JsonValues.bytes(metadata).length > maxMetadataBytes) {
            throw over(field, "is larger than " + maxMetadataBytes + " bytes");
        }
    }

    /** The history a task keeps: the last {@code maxHistory} messages. */
    List<Message> trim(List<Message> history) {
        return history.size() <= maxHistory ? history : history.subList(history.size() - maxHistory, history.size());
    }

    private static A2AException over(String field, String description) {
        return new A2AException(A2AError.INVALID_PARAMS, "Limit exceeded: " + field + " " + description, Map.of(),
                List.of(new FieldViolation(field, description)));
    }
}
