/**
 * What the server tells its operator about itself: metrics in the Prometheus text format, one
 * log line per A2A operation, and OpenTelemetry spans. Every binding reports its operations
 * through {@link dev.switchboard.observe.Operations}, whose {@link dev.switchboard.observe.OperationCall}
 * is also the operation's span; the agent's run, push deliveries and the client continue the trace
 * through {@link dev.switchboard.observe.RunSpan}, {@link dev.switchboard.observe.DeliverySpan} and
 * {@link dev.switchboard.observe.Tracing}. The store, push delivery and the limits count into
 * {@link dev.switchboard.observe.Metrics}. Depends on the protocol and security vocabularies and
 * the OpenTelemetry API only, so any package may report into it.
 */
package dev.switchboard.observe;
