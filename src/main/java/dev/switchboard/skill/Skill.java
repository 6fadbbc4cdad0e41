package dev.switchboard.skill;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.task.AgentExecutor;

/**
 * A skill installed in this server: how it is advertised and what does its work. Deployers add
 * their own by putting a jar into {@code WEB-INF/lib} that names its implementation in
 * {@code META-INF/services/dev.switchboard.skill.Skill}.
 */
public interface Skill {
    /** How the skill is advertised on the Agent Card; its {@code id} is unique within the server. */
    AgentSkill descriptor();

    /** Does the skill's work for one message. */
    AgentExecutor executor();
}
