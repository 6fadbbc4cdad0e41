/**
 * The A2A 0.3 dialect: reading 0.3 requests into the 1.0 model and writing 1.0 answers, events
 * and cards in 0.3 shapes, so that the rest of the server speaks 1.0 only. It depends on the
 * {@code protocol} model, its requests and its 1.0 codecs only.
 */
package dev.switchboard.protocol.v03;
