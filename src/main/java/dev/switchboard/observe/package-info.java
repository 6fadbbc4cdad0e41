/**
 * What the server tells its operator about itself: metrics in the Prometheus text format and one
 * log line per A2A operation. Every binding reports its operations through {@link
 * dev.switchboard.observe.Operations}; the store, push delivery and the limits count into {@link
 * dev.switchboard.observe.Metrics}. Depends on the protocol and security vocabularies only, so any
 * package may report into it.
 */
package dev.switchboard.observe;
