/**
 * A small A2A client for other agents: discovery from the card, JSON-RPC and HTTP+JSON transports
 * for both protocol lines, credentials. It shares only the
 * {@code protocol} model and codecs with the server, never its other packages.
 */
package dev.switchboard.client;
