package dev.switchboard.web.binding;

import java.util.Locale;
import java.util.Set;

/**
 * The media types and header names every binding and filter speaks, said once so that the
 * JSON-RPC, HTTP+JSON and any later binding cannot drift apart on them.
 */
public final class HttpNames {
    /** The media type of every JSON body we write unless a client asks for A2A's own. */
    public static final String JSON = "application/json";
    /** The A2A 1.0 media type for HTTP+JSON bodies. */
    public static final String A2A_JSON = "application/a2a+json";
    public static final String EVENT_STREAM = "text/event-stream";
    /** Where a resuming SSE client names the last event it saw. */
    public static final String LAST_EVENT_ID = "Last-Event-ID";
    public static final String CONTENT_ENCODING = "Content-Encoding";
    public static final String ACCEPT_ENCODING = "Accept-Encoding";
    public static final String CACHE_CONTROL = "Cache-Control";
    public static final String RETRY_AFTER = "Retry-After";
    public static final String WWW_AUTHENTICATE = "WWW-Authenticate";
    /** W3C Trace Context: the operation log carries its trace id. */
    public static final String TRACEPARENT = "traceparent";

    private static final Set<String> JSON_TYPES = Set.of(JSON, A2A_JSON);

    private HttpNames() {
    }

    /** Whether a {@code Content-Type} names one of the JSON media types the bindings read, parameters aside. */
    public static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return JSON_TYPES.contains(type.toLowerCase(Locale.ROOT));
    }

    /** The media type of a JSON answer: A2A's own when the client's {@code Accept} names it. */
    public static String jsonFor(String accept) {
        return accept != null && accept.contains(A2A_JSON) ? A2A_JSON : JSON;
    }

    /** Whether an {@code Accept} header takes an event stream. */
    public static boolean acceptsEventStream(String accept) {
        return accept != null && accept.contains(EVENT_STREAM);
    }
}
