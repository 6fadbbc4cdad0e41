package dev.switchboard.web.rest;

import dev.switchboard.security.Caller;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.RequestedVersion;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * One HTTP request to an HTTP+JSON route, as the binding reads it: the headers that matter, what
 * the filters found out, the query and the body, not yet read. Path parameters travel beside it.
 *
 * @param accept          the {@code Accept} header, or null
 * @param clientAddress   the client's address past the trusted proxies
 * @param tenant          the tenant of the path prefix, or null
 * @param contentEncoding the {@code Content-Encoding} header, or null
 * @param lastEventId     the {@code Last-Event-ID} header, or null
 * @param query           the query's parameters as sent, still percent-encoded ({@link RestRequests#query}
 *                        decodes the ones a route reads)
 * @param body            the body; empty for routes that take none
 * @param extensions      what the request's {@code A2A-Extensions} come to for its caller
 * @param traceparent     the W3C {@code traceparent} header, or null: the operation log's trace id
 */
public record RestCall(String accept, RequestedVersion requested, Caller caller, String clientAddress, String tenant,
                       String contentType, String contentEncoding, String lastEventId, Map<String, List<String>> query,
                       InputStream body, CallExtensions extensions, String traceparent) {
    public RestCall {
        query = query == null ? Map.of() : query;
        body = body == null ? InputStream.nullInputStream() : body;
        extensions = extensions == null ? CallExtensions.NONE : extensions;
    }

    /** A call without a trace context. */
    public RestCall(String accept, RequestedVersion requested, Caller caller, String clientAddress, String tenant,
                    String contentType, String contentEncoding, String lastEventId, Map<String, List<String>> query,
                    InputStream body, CallExtensions extensions) {
        this(accept, requested, caller, clientAddress, tenant, contentType, contentEncoding, lastEventId, query, body,
                extensions, null);
    }

    /** A call that names no extension. */
    public RestCall(String accept, RequestedVersion requested, Caller caller, String clientAddress, String tenant,
                    String contentType, String contentEncoding, String lastEventId, Map<String, List<String>> query,
                    InputStream body) {
        this(accept, requested, caller, clientAddress, tenant, contentType, contentEncoding, lastEventId, query, body,
                CallExtensions.NONE);
    }
}
