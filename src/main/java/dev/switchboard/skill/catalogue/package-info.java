/**
 * The catalogue skill: deterministic answers from the static catalogue resource in the WAR (or an
 * operator's file), optionally with a model to read the question.
 */
package dev.switchboard.skill.catalogue;
