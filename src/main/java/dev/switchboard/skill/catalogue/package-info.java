/**
 * The catalogue skill: deterministic answers from the static catalogue resource in the WAR (or an
 * operator's file), optionally with a model to read the question. It is a skill like any a
 * deployer adds: it uses the SPI of {@code skill}, {@code config} and the {@code protocol} model.
 */
package dev.switchboard.skill.catalogue;
