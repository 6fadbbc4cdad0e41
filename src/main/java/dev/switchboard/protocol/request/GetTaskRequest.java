package dev.switchboard.protocol.request;

import java.util.Objects;

/** @param historyLength null when unset */
public record GetTaskRequest(String tenant, String id, Integer historyLength) {
    public GetTaskRequest {
        Objects.requireNonNull(id, "id");
    }
}
