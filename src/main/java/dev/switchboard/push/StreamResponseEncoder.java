package dev.switchboard.push;

import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.store.StoredEvent;
import java.util.Optional;
import java.util.function.Supplier;

/** A2A 1.0: every event is one StreamResponse, exactly as a streaming client receives it. */
public final class StreamResponseEncoder implements PushPayloadEncoder {
    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V1_0;
    }

    @Override
    public Optional<byte[]> encode(StoredEvent event, Supplier<Task> task) {
        return Optional.of(JsonValues.bytes(StreamEventCodec.toStreamResponse(event.event())));
    }
}
