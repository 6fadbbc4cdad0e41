package dev.switchboard.skill;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import java.util.List;
import java.util.Objects;

/**
 * What the server knows about one call besides its request: who made it, in which protocol line,
 * for which tenant, with which extensions active. The binding builds it once; the task operations read the owner from it to keep
 * callers apart, routing reads the tier, and the skill receives it with each message
 * ({@link AgentRequest#callContext()}). Named as in the A2A SDKs.
 *
 * @param caller who is calling: the owner of its tasks, its tier, how it was identified, its key's label
 * @param line   the protocol line the call was made in, and is answered in
 * @param tenant the tenant the call named (REST path prefix, or the request's {@code tenant}
 *               field), or null when it named none
 * @param clientAddress the client's address, past the proxies the operator trusts, in one
 *               spelling; null when the call did not come over the network
 * @param activeExtensions the URIs of the extensions active for this call, in the order the client
 *               named them: those it asked for in {@code A2A-Extensions} that the card it reads lists
 */
public record ServerCallContext(Caller caller, ProtocolVersion line, String tenant, String clientAddress,
                                List<String> activeExtensions) {
    public ServerCallContext {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(line, "line");
        activeExtensions = activeExtensions == null ? List.of() : List.copyOf(activeExtensions);
    }

    /** A call that activated no extension. */
    public ServerCallContext(Caller caller, ProtocolVersion line, String tenant, String clientAddress) {
        this(caller, line, tenant, clientAddress, List.of());
    }

    /** A call that did not come over the network (a test, a deployer's own code). */
    public ServerCallContext(Caller caller, ProtocolVersion line, String tenant) {
        this(caller, line, tenant, null);
    }

    /**
     * Whether the client activated the extension with this URI for this call (URIs compare
     * exactly, as A2A gives no other rule). A skill follows an extension's rules only when it is
     * active; otherwise it answers as if it did not know it.
     */
    public boolean isActive(String extensionUri) {
        return activeExtensions.contains(extensionUri);
    }

    /**
     * The owner recorded on the caller's tasks: null for the operator, who sees every task;
     * {@code key:<id>} for a key holder; {@code anon:} or {@code addr:} and a digest for anonymous callers.
     */
    public String owner() {
        return caller.owner();
    }

    /** How far the caller reaches: which skills it may use and which its extended card lists. */
    public Tier tier() {
        return caller.tier();
    }

    /** Whether the caller presented no credential (it may still have presented a caller key). */
    public boolean isAnonymous() {
        return caller.kind() == Caller.Kind.ANONYMOUS;
    }
}
