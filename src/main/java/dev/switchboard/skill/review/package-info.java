/**
 * The card-review skill: reads another agent's card (fetched or pasted) and reports what it
 * finds against A2A. It uses the SPI of {@code skill} and the {@code protocol} model and codecs.
 */
package dev.switchboard.skill.review;
