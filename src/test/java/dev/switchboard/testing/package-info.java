/**
 * Helpers the unit tests of several packages share (the integration tests keep theirs in
 * {@code dev.switchboard.it}).
 */
package dev.switchboard.testing;
