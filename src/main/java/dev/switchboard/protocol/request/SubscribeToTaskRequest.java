package dev.switchboard.protocol.request;

import java.util.Objects;

public record SubscribeToTaskRequest(String tenant, String id) {
    public SubscribeToTaskRequest {
        Objects.requireNonNull(id, "id");
    }
}
