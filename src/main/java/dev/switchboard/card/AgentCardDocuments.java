package dev.switchboard.card;

import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentCardCodec;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.v03.AgentCardV03Codec;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The card's renderings, serialized once: the current document (1.0 fields plus the 0.3 discovery
 * fields, so clients of either line find their endpoints in it) and the pure 0.3 document for
 * callers that ask for 0.3.
 */
public final class AgentCardDocuments {
    private final AgentCard card;
    private final byte[] current;
    private final byte[] v03;

    private AgentCardDocuments(AgentCard card, byte[] current, byte[] v03) {
        this.card = card;
        this.current = current;
        this.v03 = v03;
    }

    public static AgentCardDocuments render(AgentCard card) {
        Objects.requireNonNull(card, "card");
        JsonObject merged = AgentCardV03Codec.addDiscoveryFields(AgentCardCodec.toJson(card), card).build();
        JsonObject legacy = AgentCardV03Codec.toJson(card).build();
        return new AgentCardDocuments(card, JsonValues.bytes(merged), JsonValues.bytes(legacy));
    }

    public AgentCard card() {
        return card;
    }

    /**
     * The document for a caller of the given line; a caller that named no version gets the
     * current document, which every line can read.
     *
     * @param version null when the caller named none
     * @return the UTF-8 JSON bytes; callers must not modify them
     */
    public byte[] forVersion(ProtocolVersion version) {
        return version == ProtocolVersion.V0_3 ? v03 : current;
    }

}
