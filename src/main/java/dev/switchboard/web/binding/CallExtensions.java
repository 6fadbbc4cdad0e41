package dev.switchboard.web.binding;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.security.Tier;
import java.util.List;
import java.util.Map;

/**
 * What a request's {@code A2A-Extensions} come to for its caller, found once by the extensions
 * filter and read by every binding: the filter echoes {@code active} before anything is written
 * (streams included), and the binding refuses the operation, in its own error shape, when the
 * header could not be read or a required extension is missing.
 *
 * @param requested the URIs the request names, in order, each once
 * @param active    those the card its caller reads lists: what the call context carries and the
 *                  response echoes
 * @param missing   the {@code required} extensions of that card the request does not activate
 * @param refusal   why the header was refused (beyond its bounds), or null
 */
public record CallExtensions(List<String> requested, List<String> active, List<String> missing, A2AException refusal) {
    /** A request that names no extension, to a server that requires none (and where the filter did not run). */
    public static final CallExtensions NONE = new CallExtensions(List.of(), List.of(), List.of(), null);

    public CallExtensions {
        requested = List.copyOf(requested);
        active = List.copyOf(active);
        missing = List.copyOf(missing);
    }

    /**
     * @param lines every line of {@code A2A-Extensions}, then of {@code X-A2A-Extensions}
     * @param tier  the caller's tier, which decides the card it reads
     */
    public static CallExtensions of(List<String> lines, Tier tier, CardExtensions card) {
        try {
            List<String> requested = ExtensionHeader.parse(lines);
            return new CallExtensions(requested, card.activated(requested, tier), card.missingRequired(requested, tier),
                    null);
        } catch (A2AException e) {
            return new CallExtensions(List.of(), List.of(), card.missingRequired(List.of(), tier), e);
        }
    }

    /**
     * The extensions active for an operation of the agent (a send, a task, a push config): every
     * one of them, as A2A says a required extension is required of the interaction, not of one
     * method.
     *
     * @throws A2AException the header's refusal (invalid params), or ExtensionSupportRequired
     *                      (-32008, HTTP 400, gRPC FAILED_PRECONDITION) naming what is missing
     */
    public List<String> require() {
        forDiscovery();
        if (!missing.isEmpty()) {
            String named = String.join(", ", missing);
            throw new A2AException(A2AError.EXTENSION_SUPPORT_REQUIRED, "This agent requires the extension"
                    + (missing.size() > 1 ? "s " : " ") + named + "; activate "
                    + (missing.size() > 1 ? "them" : "it") + " with the " + ExtensionHeader.NAME + " header",
                    Map.of("extensions", ExtensionHeader.format(missing)));
        }
        return active;
    }

    /**
     * The extensions active for discovery (the extended card), which does not require any: it may
     * be where a caller first reads of a required one.
     *
     * @throws A2AException the header's refusal (invalid params)
     */
    public List<String> forDiscovery() {
        if (refusal != null) {
            throw refusal;
        }
        return active;
    }
}
