package dev.switchboard.protocol.request;

import jakarta.json.JsonObject;
import java.util.Objects;

public record CancelTaskRequest(String tenant, String id, JsonObject metadata) {
    public CancelTaskRequest {
        Objects.requireNonNull(id, "id");
    }
}
