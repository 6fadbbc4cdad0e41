package dev.switchboard.skill;

/** Who may use a skill. */
public enum Tier {
    /** Anyone, including anonymous callers; listed on the public card. */
    PUBLIC,
    /** Callers that authenticated. */
    AUTHENTICATED,
    /** The operator of this server only. */
    OPERATOR
}
