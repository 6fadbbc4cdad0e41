/**
 * The command-line client: discovering agents, sending messages, following tasks, the address book
 * of saved peers ({@code peers.json}), and the operator's {@code keys} and {@code card} commands.
 * It calls agents only through the public API of {@code client}; {@code keys} and {@code card}
 * reuse the server's {@code security}, {@code card}, {@code skill} and {@code config} so that they
 * compute what the server would, and {@code card check} judges addresses with the SSRF classifier of
 * {@code push}. Secrets come from files or environment variables ({@code @FILE}, {@code env:NAME}).
 * Nothing on the server side depends on this package.
 */
package dev.switchboard.cli;
