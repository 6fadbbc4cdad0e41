package dev.switchboard.web.filter;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.CallExtensions;
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
        List<String> lines = new ArrayList<>(Collections.list(request.getHeaders(ExtensionHeader.NAME)));
        boolean legacy = request.getHeader(ExtensionHeader.LEGACY) != null;
        lines.addAll(Collections.list(request.getHeaders(ExtensionHeader.LEGACY)));
        Caller caller = RequestScope.callerIfIdentified(request);
        CallExtensions found = CallExtensions.of(lines, caller == null ? Tier.PUBLIC : caller.tier(), extensions);
        RequestScope.extensions(request, found);
        if (!found.active().isEmpty() && !isSharedDocument(request)) {
            String echo = ExtensionHeader.format(found.active());
            response.setHeader(ExtensionHeader.NAME, echo);
            if (legacy) {
                // a 0.3 client looks for the header it sent
                response.setHeader(ExtensionHeader.LEGACY, echo);
            }
        }
        chain.doFilter(request, response);
    }

    /**
     * The card, the other JSON documents and the landing page's static files, which the
     * conditional-GET filter serves (same patterns), are discovery, not calls to the agent, and caches share them ({@code Cache-Control: public},
     * varying on {@code A2A-Version} only): a header that depended on the caller's extensions
     * would be served to callers that never sent them.
     */
    static boolean isSharedDocument(HttpServletRequest request) {
        String method = request.getMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return false;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/.well-known/") || path.startsWith("/static/") || path.endsWith(".json");
    }
}
