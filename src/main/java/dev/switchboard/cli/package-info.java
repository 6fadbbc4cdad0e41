/**
 * The command-line client: discovering agents, sending messages, following tasks and managing
 * API keys, on top of {@code client}.
 */
package dev.switchboard.cli;
