package dev.switchboard.push;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.store.StoredEvent;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The body of one notification in the shape of the protocol line a config was registered in.
 * Each line has one encoder; a config is delivered with the encoder of its line.
 */
public interface PushPayloadEncoder {
    ProtocolVersion version();

    /**
     * @param event the event from the task's log
     * @param task  the task as it is now, read only if the line's shape needs it
     * @return the JSON body, or empty when this line notifies nothing for such an event
     */
    Optional<byte[]> encode(StoredEvent event, Supplier<Task> task);
}
