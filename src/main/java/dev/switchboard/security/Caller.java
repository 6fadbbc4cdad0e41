package dev.switchboard.security;

import java.util.Objects;

/**
 * Who is calling: the operator, a holder of an API key, or an anonymous caller, told apart by the
 * caller key it presents or, failing that, by the caller cookie the server gave it. An address is
 * never an identity: callers behind one NAT or proxy are not one caller.
 *
 * @param owner the owner recorded on the tasks this caller creates; null for the operator, who
 *              sees every task; {@code key:<id>} for a key holder; {@code oidc:} and a digest of the
 *              issuer and subject for the holder of an identity provider's token; for anonymous callers
 *              {@code anon:} (a caller key) or {@code cookie:} (the caller cookie) followed by a
 *              digest. Tasks made before this rule may carry {@code addr:} and a digest.
 * @param label the API key's label, the token's subject, or null
 */
public record Caller(Kind kind, String owner, Tier tier, String label) {

    /** How the caller was identified. */
    public enum Kind { OPERATOR, API_KEY, TOKEN, ANONYMOUS }

    public Caller {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(tier, "tier");
    }

    public static final Caller OPERATOR = new Caller(Kind.OPERATOR, null, Tier.OPERATOR, "operator");

    public boolean isOperator() {
        return kind == Kind.OPERATOR;
    }

    /**
     * Whether a task of this owner may be read, continued and canceled by any caller that holds its
     * id: the tasks of cookie callers, whose clients may not keep the cookie from one request to
     * the next, and the address-owned tasks of earlier versions. Their server-minted, random ids
     * are the capability; listing and conversations stay the owner's alone. The tasks of caller
     * keys and API keys are their owner's only.
     */
    public static boolean isHeldById(String owner) {
        return owner != null && (owner.startsWith(CallerIdentification.COOKIE_OWNER)
                || owner.startsWith(CallerIdentification.ADDRESS_OWNER));
    }

    @Override
    public String toString() {
        return "Caller[" + kind + (label == null ? "" : " " + label) + "]";
    }
}
