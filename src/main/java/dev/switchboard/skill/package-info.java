/**
 * The skill SPI in one place, and skill routing. A deployer implements {@link dev.switchboard.skill.Skill}
 * and its {@link dev.switchboard.skill.AgentExecutor}; a skill is given, with each message, an
 * {@link dev.switchboard.skill.AgentRequest} carrying the {@link dev.switchboard.skill.ServerCallContext}
 * (caller, tier, protocol line, tenant, active extensions) and a {@link dev.switchboard.skill.TaskUpdater}, and at
 * start-up a {@link dev.switchboard.skill.SkillContext}. It depends on the protocol model, on
 * {@code security} for callers and tiers and on {@code config} for settings; {@code task}
 * implements what it promises and is never imported here.
 */
package dev.switchboard.skill;
