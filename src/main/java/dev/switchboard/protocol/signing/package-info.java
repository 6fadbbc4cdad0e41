/**
 * Agent Card signatures (A2A 1.0 §8.4): the canonical forms a card is signed in (RFC 8785 JCS of
 * the card as served, and of the card as the normative 1.0 proto model sees it), and JWS signing
 * and verification over them with detached payloads. Key custody and trust decisions belong to
 * the callers: the {@code card} package signs with the server's keys, the {@code client} decides
 * which keys it trusts. It depends on the {@code protocol} JSON helpers only.
 */
package dev.switchboard.protocol.signing;
