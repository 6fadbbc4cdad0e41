package dev.switchboard.protocol.request;

import dev.switchboard.protocol.Message;
import jakarta.json.JsonObject;
import java.util.Objects;

/** SendMessage and SendStreamingMessage. {@code tenant} and {@code metadata} are null when absent. */
public record SendMessageRequest(String tenant, Message message, SendMessageConfiguration configuration,
                                 JsonObject metadata) {
    public SendMessageRequest {
        Objects.requireNonNull(message, "message");
        configuration = configuration == null ? SendMessageConfiguration.DEFAULT : configuration;
    }
}
