/**
 * The card-review skill: reads another agent's card, sent in the request (it fetches nothing), and
 * reports what it finds against A2A, its signatures verified with the keys sent beside it. It uses
 * the SPI of {@code skill}, the {@code protocol} model and codecs, and {@code protocol.signing}.
 */
package dev.switchboard.skill.review;
