package dev.switchboard.skill;

import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Message;
import dev.switchboard.security.Tier;
import java.util.List;

/**
 * A skill installed in this server: how it is advertised, who may use it, which messages it
 * claims, and what does its work. Deployers add their own by putting a jar into
 * {@code WEB-INF/lib} (or the container's shared lib) that names its implementation in
 * {@code META-INF/services/dev.switchboard.skill.Skill}; it then appears on the card and in routing.
 */
public interface Skill {
    /** How the skill is advertised on the Agent Card; its {@code id} is unique within the server. */
    AgentSkill descriptor();

    /** Does the skill's work for one message. */
    AgentExecutor executor();

    /**
     * Who may use the skill: callers whose tier reaches it. Only public skills are on the public
     * card and reachable by anonymous callers, so a powerful skill is never exposed by accident;
     * the extended card lists the others to the callers that may run them.
     */
    default Tier tier() {
        return Tier.PUBLIC;
    }

    /**
     * The A2A extensions the skill supports. Each is listed in {@code capabilities.extensions} of
     * the card of every caller that reaches the skill (see {@link #tier()}), and is active for a
     * request when the client names it in {@code A2A-Extensions}; the skill reads which are through
     * {@link ServerCallContext#isActive(String)}. A {@code required} one must be activated by every
     * request of those callers, whichever skill it reaches, as the card promises: mark one required
     * only when the agent cannot serve a client that ignores it. Two skills may declare the same
     * extension only in the same words; start-up fails otherwise.
     */
    default List<AgentExtension> extensions() {
        return List.of();
    }

    /**
     * Whether the skill recognises a message as its own by its shape (a message that carries an
     * Agent Card, say), when the caller named no skill. Keep it narrow: the first skill that
     * claims a message gets it.
     */
    default boolean claims(Message message) {
        return false;
    }

    /** Whether the skill takes the messages no skill was named for and none claimed. */
    default boolean isFallback() {
        return false;
    }

    /**
     * Prepares the skill once at start-up, before any message arrives.
     *
     * @throws IllegalStateException with a message naming what is wrong; start-up fails with it
     */
    default void start(SkillContext context) {
    }
}
