package dev.switchboard.skill;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;

/** Call contexts for tests that only care whose tasks they touch, or how far the caller reaches. */
public final class Calls {
    private Calls() {
    }

    /** A 1.0 call by the operator, who sees every task. */
    public static ServerCallContext operator() {
        return by(null);
    }

    /** A 1.0 call by the owner of tasks such as {@code "alice"}; null is the operator. */
    public static ServerCallContext by(String owner) {
        return by(owner, ProtocolVersion.V1_0);
    }

    /** The same in the given protocol line. */
    public static ServerCallContext by(String owner, ProtocolVersion line) {
        Caller caller = owner == null ? Caller.OPERATOR : new Caller(Caller.Kind.API_KEY, owner, Tier.AUTHENTICATED,
                null);
        return new ServerCallContext(caller, line, null);
    }

    /** A 1.0 call by a caller of the tier: anonymous for public, a key holder, or the operator. */
    public static ServerCallContext at(Tier tier) {
        Caller caller = switch (tier) {
            case PUBLIC -> new Caller(Caller.Kind.ANONYMOUS, "anon:test", Tier.PUBLIC, null);
            case AUTHENTICATED -> new Caller(Caller.Kind.API_KEY, "key:test", Tier.AUTHENTICATED, "test");
            case OPERATOR -> Caller.OPERATOR;
        };
        return new ServerCallContext(caller, ProtocolVersion.V1_0, null);
    }
}
