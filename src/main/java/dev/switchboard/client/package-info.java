/**
 * A small A2A client for other agents: {@link dev.switchboard.client.A2AClient.Builder#discover}
 * reads an agent's card, {@link dev.switchboard.client.A2AClient.Builder#build} turns it into a
 * client without I/O, over JSON-RPC or HTTP+JSON in either protocol line, with the credentials and
 * TLS the card asks for. A card is untrusted input: credentials go only to the origin they were
 * given for (see {@code Credentials}), and what is read from the network is bounded in size. Its
 * public types are the client and its builder, the card it reads
 * ({@code PeerCard}, {@code CardScheme}), what a caller supplies ({@code Credentials},
 * {@code ClientTls}, {@code Endpoint}, {@code CardTrust}: which card signatures it trusts), {@code EventStream} and the two exceptions; everything else
 * is package-private. A user's OAuth 2 login lives in the subpackage {@code oauth}, which depends on
 * this one; this one takes its tokens as any token source ({@code Credentials.Builder.bearerTokens}). It depends on the JDK, JSON-P, nimbus-jose-jwt and the {@code protocol} model, codecs and
 * card signatures it shares with the server, never on the server's other packages.
 */
package dev.switchboard.client;
