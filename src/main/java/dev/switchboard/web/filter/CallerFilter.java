package dev.switchboard.web.filter;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.web.HttpErrors;
import dev.switchboard.web.Switchboard;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Identifies the caller of every A2A operation (see {@link CallerIdentification}) before any
 * binding runs. A refused credential is answered 401 with its reason and a
 * {@code WWW-Authenticate} challenge. Discovery (card, landing page) and health are not A2A
 * operations and pass untouched.
 */
public final class CallerFilter extends HttpFilter {
    static final String ATTRIBUTE = Caller.class.getName();

    private CallerIdentification identification;
    private java.util.Set<String> trustedProxies;

    @Override
    public void init() {
        Switchboard switchboard = Switchboard.from(getServletContext());
        identification = switchboard.callers();
        trustedProxies = switchboard.settings().trustedProxies();
    }

    /**
     * The client's address: the connection's, unless it comes from a trusted proxy, in which case
     * the last address in {@code X-Forwarded-For} that is not itself a trusted proxy. Untrusted
     * senders cannot pick their identity by writing the header.
     */
    static String clientAddress(String remote, String forwardedFor, java.util.Set<String> trusted) {
        if (forwardedFor == null || !trusted.contains(remote)) {
            return remote;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (!hop.isEmpty() && !trusted.contains(hop)) {
                return hop;
            }
        }
        return remote;
    }

    /** The caller the filter identified; anonymous-by-nothing only where the filter did not run. */
    public static Caller of(ServletRequest request) {
        Object caller = request.getAttribute(ATTRIBUTE);
        if (caller == null) {
            throw new IllegalStateException("the caller filter did not run for this request");
        }
        return (Caller) caller;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!isOperation(request.getMethod(), path)) {
            chain.doFilter(request, response);
            return;
        }
        try {
            request.setAttribute(ATTRIBUTE, identification.identify(new CallerIdentification.Presented(
                    request.getHeader("Authorization"), request.getHeader(CallerIdentification.API_KEY_HEADER),
                    callerKey(request), clientAddress(request.getRemoteAddr(), request.getHeader("X-Forwarded-For"),
                    trustedProxies))));
        } catch (AuthenticationFailure failure) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"switchboard\", error=\"invalid_token\"");
            byte[] body = JsonFactory.createObjectBuilder().add("error", JsonFactory.createObjectBuilder()
                    .add("code", 401).add("status", "UNAUTHENTICATED").add("message", failure.getMessage())
                    .add("details", JsonFactory.createArrayBuilder().add(JsonFactory.createObjectBuilder()
                            .add("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                            .add("reason", failure.reason()).add("domain", "switchboard"))))
                    .build().toString().getBytes(StandardCharsets.UTF_8);
            HttpErrors.send(response, 401, body);
            return;
        }
        chain.doFilter(request, response);
    }

    /** A2A operations: both bindings in both lines, at their endpoints and at the origin. */
    static boolean isOperation(String method, String path) {
        return path.startsWith("/a2a/") || path.startsWith("/v1/") || path.startsWith("/message:") || path.equals("/tasks")
                || path.startsWith("/tasks/") || path.equals("/extendedAgentCard")
                || ("POST".equals(method) && path.equals("/"));
    }

    private static String callerKey(HttpServletRequest request) {
        String header = request.getHeader(CallerIdentification.CALLER_KEY_HEADER);
        if (header != null) {
            return header;
        }
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (cookie.getName().equals(CallerIdentification.CALLER_KEY_COOKIE)) {
                    return cookie.getValue();
                }
            }
        }
        return null;
    }
}
