package dev.switchboard.client;

import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;

/** The A2A operations over one binding and line. */
interface Transport {
    SendMessageResult send(SendMessageRequest request);

    EventStream stream(SendMessageRequest request);

    Task get(GetTaskRequest request);

    ListTasksResponse list(ListTasksRequest request);

    Task cancel(CancelTaskRequest request);

    /** @param lastEventId null, or the last event received to resume after */
    EventStream subscribe(SubscribeToTaskRequest request, String lastEventId);

    JsonObject extendedCard();
}
