/**
 * The A2A task lifecycle: accepting messages, running agents, the state machine, streams and
 * subscriptions, push configuration. It runs skills through the SPI of {@code skill}, stores
 * through {@code store} and knows no wire format or transport: bindings in {@code web} call
 * {@link dev.switchboard.task.TaskService}.
 */
package dev.switchboard.task;
