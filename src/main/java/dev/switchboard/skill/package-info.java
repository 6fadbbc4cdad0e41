/**
 * The skill SPI in one place, and skill routing. A deployer implements {@link dev.switchboard.skill.Skill}
 * and its {@link dev.switchboard.skill.AgentExecutor}; a skill is given an
 * {@link dev.switchboard.skill.AgentRequest}, a {@link dev.switchboard.skill.TaskUpdater} and, at
 * start-up, a {@link dev.switchboard.skill.SkillContext}. It depends on the protocol model, on
 * {@code security} for tiers and on {@code config} for settings; {@code task} implements what it
 * promises and is never imported here.
 */
package dev.switchboard.skill;
