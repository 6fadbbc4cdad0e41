package dev.switchboard.skill.review;

import java.util.Locale;

/**
 * How much a finding matters, and what it costs the card's score. Every card starts at 100 and
 * loses {@link #weight()} points per finding, down to 0.
 *
 * <ul>
 *   <li>{@link #ERROR} (15): a client following the protocol will fail on the card, or cannot reach
 *       the agent at all.</li>
 *   <li>{@link #WARNING} (5): the card works, but a client or a calling agent will be misled or
 *       cannot use part of it (plain HTTP, skills it cannot route on).</li>
 *   <li>{@link #INFO} (0): advice that depends on what the agent is for (no signatures, anonymous
 *       access); it costs nothing because a fine card may choose it on purpose.</li>
 * </ul>
 */
public enum Severity {
    ERROR(15), WARNING(5), INFO(0);

    private final int weight;

    Severity(int weight) {
        this.weight = weight;
    }

    /** The points one finding of this severity takes off the score. */
    public int weight() {
        return weight;
    }

    /** The lower-case name used in JSON and text: {@code error}, {@code warning}, {@code info}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
