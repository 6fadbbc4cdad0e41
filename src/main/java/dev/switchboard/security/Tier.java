package dev.switchboard.security;

/**
 * How far a caller reaches, and what a skill needs of its caller. The order matters: a higher
 * tier reaches everything a lower one does.
 */
public enum Tier {
    /** Anyone, including anonymous callers; what the public card lists. */
    PUBLIC,
    /** Callers that authenticated. */
    AUTHENTICATED,
    /** The operator of this server only. */
    OPERATOR;

    /** Whether a caller of this tier may use what needs {@code needed}. */
    public boolean reaches(Tier needed) {
        return ordinal() >= needed.ordinal();
    }
}
