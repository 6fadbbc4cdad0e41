/**
 * The one internal A2A 1.0 model (tasks, messages, parts, artifacts, events, the Agent Card), its
 * errors, and the rules a task's snapshot follows ({@link dev.switchboard.protocol.TaskStateMachine}),
 * which the service applies to a change and the store to a log it replays. It imports nothing else
 * of ours; codecs at the edge translate wire shapes to it.
 */
package dev.switchboard.protocol;
