/**
 * What every binding shares: the answer a binding returns and the one writer that turns it into
 * HTTP, the SSE stream written straight to the servlet response, the wire format of each protocol
 * line, error bodies, tenants, endpoints, the request scope the filters fill, and the media types
 * and header names. It depends on {@code task}, {@code protocol}, {@code security} (callers) and
 * {@code card} (endpoint paths); never on a binding, a filter or the composition root.
 */
package dev.switchboard.web.binding;
