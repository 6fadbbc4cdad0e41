package dev.switchboard.card;

import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentCardCodec;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.v03.AgentCardV03Codec;
import dev.switchboard.protocol.JsonValues;
import jakarta.json.JsonObject;
import dev.switchboard.protocol.signing.CanonicalCard;
import dev.switchboard.protocol.signing.CardSignature;
import dev.switchboard.protocol.signing.CardSigning;
import dev.switchboard.runtime.DaemonThreads;
import java.util.HashMap;
import java.util.Map;
import java.net.URI;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The card's renderings, serialized once. A caller that names no protocol version gets the
 * discovery document: the 1.0 fields plus the 0.3 discovery fields, so clients of either line find
 * their endpoints in it. A caller that asks for 1.0 gets the pure 1.0 document (strict 1.0 schema
 * validators refuse the 0.3 fields); one that asks for 0.3 gets the 0.3 document.
 */
public final class AgentCardDocuments {
    private static final Logger LOG = Logger.getLogger(AgentCardDocuments.class.getName());

    private final AgentCard card;
    private final byte[] discovery;
    private final byte[] v1;
    private final byte[] v03;

    private AgentCardDocuments(AgentCard card, byte[] discovery, byte[] v1, byte[] v03) {
        this.card = card;
        this.discovery = discovery;
        this.v1 = v1;
        this.v03 = v03;
    }

    /** The card's renderings without signatures. */
    public static AgentCardDocuments render(AgentCard card) {
        return render(card, null, null);
    }

    /**
     * The card's renderings, each signed with every key. Each rendering is a different document,
     * so each carries its own signatures, in both canonical forms: over the document as served,
     * which covers every field it has and is what a verifier reading the JSON as it is checks; and
     * over the card as the 1.0 model sees it, which is what the official SDKs' verifiers
     * canonicalize (they drop the 0.3 fields, defaults and empty values before checking), so the
     * discovery and the 0.3 documents verify in them too, for the fields the 1.0 model has.
     *
     * @param keys null for unsigned renderings
     * @param jku  where the keys' JWK Set is published
     */
    public static AgentCardDocuments render(AgentCard card, CardSigningKeys keys, URI jku) {
        Objects.requireNonNull(card, "card");
        JsonObject merged = AgentCardV03Codec.mergeInto(AgentCardCodec.toJson(card).build(), card);
        JsonObject current = AgentCardCodec.toJson(card).build();
        JsonObject legacy = AgentCardV03Codec.toJson(card).build();
        if (keys != null) {
            Set<CanonicalCard.Form> both = EnumSet.allOf(CanonicalCard.Form.class);
            Map<String, CardSignature> made = new HashMap<>();
            merged = CardSigning.sign(merged, keys.signing(), jku, both, made);
            current = CardSigning.sign(current, keys.signing(), jku, both, made);
            legacy = CardSigning.sign(legacy, keys.signing(), jku, both, made);
        }
        return new AgentCardDocuments(card, JsonValues.bytes(merged), JsonValues.bytes(current),
                JsonValues.bytes(legacy));
    }

    /**
     * The card's renderings as a start makes them. Signing them is a few hundred milliseconds of a
     * cold JVM (the 1.0 model's canonical form goes through protobuf's JSON reader and printer), so
     * signed renderings are made on a thread of their own, overlapping the rest of the start, and
     * whoever serves them waits; a failure to sign is logged, and no unsigned card takes their place.
     *
     * @param keys null for unsigned renderings, which are made at once
     */
    public static CompletableFuture<AgentCardDocuments> rendering(AgentCard card, CardSigningKeys keys, URI jku) {
        if (keys == null) {
            return CompletableFuture.completedFuture(render(card));
        }
        return CompletableFuture.supplyAsync(() -> render(card, keys, jku),
                        runnable -> DaemonThreads.named("switchboard-card-signing").newThread(runnable).start())
                .whenComplete((documents, failure) -> {
                    if (failure != null) {
                        LOG.log(Level.SEVERE, "The Agent Card could not be signed; it answers 503 until a restart",
                                failure);
                    }
                });
    }

    public AgentCard card() {
        return card;
    }

    /**
     * The document for a caller of the given line, or the discovery document every line can read
     * when the caller named none.
     *
     * @param version null when the caller named none
     * @return the UTF-8 JSON bytes; callers must not modify them
     */
    public byte[] forVersion(ProtocolVersion version) {
        if (version == null) {
            return discovery;
        }
        return version == ProtocolVersion.V0_3 ? v03 : v1;
    }

}
