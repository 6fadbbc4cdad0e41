/**
 * The Agent Card this server publishes: built from the settings and installed skills, rendered
 * once with its ETag, in the 1.0 and 0.3 shapes.
 */
package dev.switchboard.card;
