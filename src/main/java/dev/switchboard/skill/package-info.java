/**
 * The skills this agent offers and how a message is routed to one: the skill SPI, its context and
 * the access tier each skill needs.
 */
package dev.switchboard.skill;
