package dev.switchboard.security;

import java.util.Objects;

/**
 * Who is calling: the operator, a holder of an API key, or an anonymous caller, told apart by the
 * caller key it presents or, failing that, by its address.
 *
 * @param owner the owner recorded on the tasks this caller creates; null for the operator, who
 *              sees every task; {@code key:<id>} for a key holder, {@code anon:} or {@code addr:}
 *              followed by a digest for anonymous callers
 * @param label the API key's label, or null
 */
public record Caller(Kind kind, String owner, Tier tier, String label) {

    /** How the caller was identified. */
    public enum Kind { OPERATOR, API_KEY, ANONYMOUS }

    public Caller {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(tier, "tier");
    }

    public static final Caller OPERATOR = new Caller(Kind.OPERATOR, null, Tier.OPERATOR, "operator");

    public boolean isOperator() {
        return kind == Kind.OPERATOR;
    }

    @Override
    public String toString() {
        return "Caller[" + kind + (label == null ? "" : " " + label) + "]";
    }
}
