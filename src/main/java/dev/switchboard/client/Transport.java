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
import java.net.URI;

/** The A2A operations over one binding and line. */
interface Transport {
    /** The transport for the chosen interface, its requests sent through the caller. */
    static Transport open(InterfaceChoice.Chosen chosen, HttpCaller caller, int maxReconnects) {
        URI target = URI.create(chosen.agentInterface().url());
        return switch (chosen.endpoint()) {
            case JSONRPC_1_0 -> new JsonRpcTransport(caller, target, V1Wire.INSTANCE, maxReconnects);
            case HTTP_JSON_1_0 -> new RestTransport(caller, target, chosen.agentInterface().tenant(), maxReconnects);
            case JSONRPC_0_3 -> new JsonRpcTransport(caller, target, V03Wire.INSTANCE, maxReconnects);
        };
    }

    SendMessageResult send(SendMessageRequest request);

    EventStream stream(SendMessageRequest request);

    Task get(GetTaskRequest request);

    ListTasksResponse list(ListTasksRequest request);

    Task cancel(CancelTaskRequest request);

    /** @param lastEventId null, or the last event received to resume after */
    EventStream subscribe(SubscribeToTaskRequest request, String lastEventId);

    JsonObject extendedCard();
}
