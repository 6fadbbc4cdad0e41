package dev.switchboard.web.filter;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.web.binding.RequestScope;
import dev.switchboard.web.binding.RequestedVersion;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** Records which protocol version each request names, once, for every binding to read. */
public final class ProtocolVersionFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String value = request.getHeader(ProtocolVersion.PARAMETER);
        if (value == null || value.isBlank()) {
            value = queryParameter(request.getQueryString());
        }
        RequestScope.requestedVersion(request, RequestedVersion.of(value));
        chain.doFilter(request, response);
    }

    /**
     * Reads the parameter from the raw query string rather than {@code getParameter}, which would
     * consume a form-encoded POST body that the binding has yet to read.
     */
    static String queryParameter(String query) {
        if (query == null || query.isEmpty()) {
            return null;
        }
        String prefix = ProtocolVersion.PARAMETER + "=";
        for (String pair : query.split("&")) {
            if (pair.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return URLDecoder.decode(pair.substring(prefix.length()), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
