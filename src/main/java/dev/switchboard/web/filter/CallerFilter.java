package dev.switchboard.web.filter;

import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;

/**
 * Identifies the caller of every A2A operation (see {@link CallerIdentification}) before any
 * binding runs. A refused credential is answered 401 with its reason and a
 * {@code WWW-Authenticate} challenge. Discovery (card, landing page) and health are not A2A
 * operations and pass untouched.
 */
public final class CallerFilter extends HttpFilter {
    private final CallerIdentification identification;
    private final Set<String> trustedProxies;

    /** @param trustedProxies the addresses whose {@code X-Forwarded-For} is believed */
    public CallerFilter(CallerIdentification identification, Set<String> trustedProxies) {
        this.identification = identification;
        this.trustedProxies = Set.copyOf(trustedProxies);
    }

    /**
     * The client's address: the connection's, unless it comes from a trusted proxy, in which case
     * the last address in {@code X-Forwarded-For} that is not itself a trusted proxy. Untrusted
     * senders cannot pick their identity by writing the header.
     */
    static String clientAddress(String remote, String forwardedFor, Set<String> trusted) {
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

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!Endpoints.isOperation(request.getMethod(), Endpoints.path(request))) {
            chain.doFilter(request, response);
            return;
        }
        try {
            RequestScope.caller(request, identification.identify(new CallerIdentification.Presented(
                    request.getHeader("Authorization"), request.getHeader(CallerIdentification.API_KEY_HEADER),
                    callerKey(request), clientAddress(request.getRemoteAddr(), request.getHeader("X-Forwarded-For"),
                    trustedProxies))));
        } catch (AuthenticationFailure failure) {
            response.setHeader(HttpNames.WWW_AUTHENTICATE, "Bearer realm=\"switchboard\", error=\"invalid_token\"");
            HttpErrors.send(response, 401, ErrorBody.forRefusal(401, failure.getMessage(), failure.reason()));
            return;
        }
        chain.doFilter(request, response);
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
