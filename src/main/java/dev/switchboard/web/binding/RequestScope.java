package dev.switchboard.web.binding;

import dev.switchboard.security.Caller;
import jakarta.servlet.ServletRequest;

/**
 * What the filters learn about a request and the bindings read: who calls, which protocol
 * version the request names, and which extensions it activates. Kept as request attributes so that a binding never depends on the
 * filter that found them out.
 */
public final class RequestScope {
    private static final String CALLER = Caller.class.getName();
    private static final String REQUESTED_VERSION = RequestedVersion.class.getName();
    private static final String EXTENSIONS = CallExtensions.class.getName();
    private static final String CLIENT_ADDRESS = RequestScope.class.getName() + ".clientAddress";

    private RequestScope() {
    }

    public static void caller(ServletRequest request, Caller caller) {
        request.setAttribute(CALLER, caller);
    }

    /**
     * The caller the caller filter identified.
     *
     * @throws IllegalStateException when the filter did not run for this request
     */
    public static Caller caller(ServletRequest request) {
        Object caller = request.getAttribute(CALLER);
        if (!(caller instanceof Caller identified)) {
            throw new IllegalStateException("the caller filter did not run for this request");
        }
        return identified;
    }

    /** The caller, or null where the caller filter did not identify one (discovery, health). */
    public static Caller callerIfIdentified(ServletRequest request) {
        return request.getAttribute(CALLER) instanceof Caller caller ? caller : null;
    }

    /** @param address the client's address in one spelling, after the trusted proxies are looked past */
    public static void clientAddress(ServletRequest request, String address) {
        request.setAttribute(CLIENT_ADDRESS, address);
    }

    /** The client's address as the caller filter resolved it; the connection's where it did not run. */
    public static String clientAddress(ServletRequest request) {
        return request.getAttribute(CLIENT_ADDRESS) instanceof String address ? address : request.getRemoteAddr();
    }

    public static void requestedVersion(ServletRequest request, RequestedVersion version) {
        request.setAttribute(REQUESTED_VERSION, version);
    }

    /** The version the request names, as the version filter read it; none where it did not run. */
    public static RequestedVersion requestedVersion(ServletRequest request) {
        return request.getAttribute(REQUESTED_VERSION) instanceof RequestedVersion requested ? requested
                : RequestedVersion.of((String) null);
    }

    public static void extensions(ServletRequest request, CallExtensions extensions) {
        request.setAttribute(EXTENSIONS, extensions);
    }

    /** What the request's {@code A2A-Extensions} come to, as the extensions filter found; none where it did not run. */
    public static CallExtensions extensions(ServletRequest request) {
        return request.getAttribute(EXTENSIONS) instanceof CallExtensions found ? found : CallExtensions.NONE;
    }
}
