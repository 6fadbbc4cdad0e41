package dev.switchboard.web.jsonrpc;

import dev.switchboard.security.Caller;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.RequestedVersion;
import java.io.InputStream;

/**
 * One HTTP request to the JSON-RPC endpoint, as the binding reads it: the headers that matter, what
 * the filters found out, and the body, not yet read.
 *
 * @param contentEncoding the {@code Content-Encoding} header, or null
 * @param accept          the {@code Accept} header, or null
 * @param lastEventId     the {@code Last-Event-ID} header, or null
 * @param extensions      what the request's {@code A2A-Extensions} come to for its caller
 * @param clientAddress   the client's address past the trusted proxies
 * @param traceparent     the W3C {@code traceparent} header, or null: the operation log's trace id
 */
public record JsonRpcCall(String contentType, String contentEncoding, String accept, String lastEventId,
                          RequestedVersion requested, CallExtensions extensions, Caller caller, String clientAddress,
                          InputStream body, String traceparent) {
    public JsonRpcCall {
        extensions = extensions == null ? CallExtensions.NONE : extensions;
    }

    /** A call without a trace context. */
    public JsonRpcCall(String contentType, String contentEncoding, String accept, String lastEventId,
                       RequestedVersion requested, CallExtensions extensions, Caller caller, String clientAddress,
                       InputStream body) {
        this(contentType, contentEncoding, accept, lastEventId, requested, extensions, caller, clientAddress, body,
                null);
    }

    /** A call that names no extension. */
    public JsonRpcCall(String contentType, String contentEncoding, String accept, String lastEventId,
                       RequestedVersion requested, Caller caller, String clientAddress, InputStream body) {
        this(contentType, contentEncoding, accept, lastEventId, requested, CallExtensions.NONE, caller, clientAddress,
                body);
    }
}
