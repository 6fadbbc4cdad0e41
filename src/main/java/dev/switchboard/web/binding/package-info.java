/**
 * What every binding shares: the answer a binding returns and the one writer that turns it into
 * HTTP, the SSE stream and its registry, the wire format of each protocol line, error bodies,
 * tenants, endpoints, and the media types and header names. Depends on {@code task} and
 * {@code protocol}; never on a binding, a filter or the composition root.
 */
package dev.switchboard.web.binding;
