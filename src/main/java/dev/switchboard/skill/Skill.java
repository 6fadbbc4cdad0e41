package dev.switchboard.skill;

import dev.switchboard.protocol.AgentSkill;

/**
 * A skill installed in this server. Deployers add their own by putting a jar into
 * {@code WEB-INF/lib} that names its implementation in
 * {@code META-INF/services/dev.switchboard.skill.Skill}.
 */
public interface Skill {
    /** How the skill is advertised on the Agent Card; its {@code id} is unique within the server. */
    AgentSkill descriptor();
}
