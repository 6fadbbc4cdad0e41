/**
 * The web side of observability: {@code /metrics} and the gauges read from the server's own
 * parts (agent pool, open streams), and the caller's trace context made current for a request's
 * spans. The meters and the operation seam live in
 * {@link dev.switchboard.observe}; this package only serves and feeds them.
 */
package dev.switchboard.web.observe;
