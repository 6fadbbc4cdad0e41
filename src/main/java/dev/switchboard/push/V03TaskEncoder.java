package dev.switchboard.push;

import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.v03.Bridge;
import dev.switchboard.protocol.v03.V03Dialect;
import dev.switchboard.store.StoredEvent;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A2A 0.3: a notification carries the task as it is now, as a 0.3 JSON-RPC {@code Task}
 * ({@code kind: "task"}), after every change to it. A direct message changes no task, so it is not
 * notified; 0.3 receivers usually fetch the task themselves after a notification anyway.
 */
public final class V03TaskEncoder implements PushPayloadEncoder {
    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V0_3;
    }

    @Override
    public Optional<byte[]> encode(StoredEvent event, Supplier<Task> task) {
        if (event.event() instanceof Message) {
            return Optional.empty();
        }
        return Optional.of(JsonValues.bytes(Bridge.toV03(task.get(), V03Dialect.JSONRPC)));
    }
}
