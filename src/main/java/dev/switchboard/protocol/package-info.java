/**
 * The one internal A2A 1.0 model (tasks, messages, parts, artifacts, events, the Agent Card) and
 * its errors. It imports nothing else of ours; codecs at the edge translate wire shapes to it.
 */
package dev.switchboard.protocol;
