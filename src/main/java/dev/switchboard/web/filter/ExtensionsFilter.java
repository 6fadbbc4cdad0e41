package dev.switchboard.web.filter;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.ExtensionHeader;
import dev.switchboard.web.binding.RequestScope;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads {@code A2A-Extensions} (and 0.3's {@code X-A2A-Extensions}; gRPC's {@code a2a-extensions}
 * metadata is the same HTTP/2 header) once per request, settles which extensions it activates for
 * its caller, records that for the bindings, and echoes the activated ones in a response header of
 * the same name. The echo is written before the request goes on, so it heads every answer of
 * every binding: bodies, errors, SSE streams and gRPC response headers alike. Runs after the
 * caller filter: the caller's tier decides which card, and so which extensions, apply.
 */
public final class ExtensionsFilter extends HttpFilter {
    private final CardExtensions extensions;

    public ExtensionsFilter(CardExtensions extensions) {
        this.extensions = extensions;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // discovery, health and static files are no call to the agent: caches share them (the
        // card, the JSON documents and the page's files vary on A2A-Version only), so no echo may
        // head them, and nothing reads extensions there
        if (!Endpoints.isOperation(request.getMethod(), Endpoints.path(request))) {
            chain.doFilter(request, response);
            return;
        }
        boolean legacy = request.getHeader(ExtensionHeader.LEGACY) != null;
        List<String> lines = request.getHeader(ExtensionHeader.NAME) == null && !legacy ? List.of() : lines(request);
        Caller caller = RequestScope.callerIfIdentified(request);
        CallExtensions found = CallExtensions.of(lines, caller == null ? Tier.PUBLIC : caller.tier(), extensions);
        RequestScope.extensions(request, found);
        if (!found.active().isEmpty()) {
            String echo = ExtensionHeader.format(found.active());
            response.setHeader(ExtensionHeader.NAME, echo);
            if (legacy) {
                // a 0.3 client looks for the header it sent
                response.setHeader(ExtensionHeader.LEGACY, echo);
            }
        }
        chain.doFilter(request, response);
    }

    /** Every line of {@code A2A-Extensions}, then of {@code X-A2A-Extensions}. */
    private static List<String> lines(HttpServletRequest request) {
        List<String> lines = new ArrayList<>(Collections.list(request.getHeaders(ExtensionHeader.NAME)));
        lines.addAll(Collections.list(request.getHeaders(ExtensionHeader.LEGACY)));
        return lines;
    }
}
