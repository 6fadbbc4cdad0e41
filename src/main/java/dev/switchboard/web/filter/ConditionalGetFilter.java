package dev.switchboard.web.filter;

import dev.switchboard.protocol.ProtocolVersion;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Set;

/**
 * Conditional GET for the Agent Card and the other static JSON documents: a strong content-hash
 * {@code ETag} (the inner servlet may supply its own strong tag, as the card servlet does from bytes
 * it serialized once), {@code Last-Modified}, {@code Cache-Control: public, max-age=N} and
 * {@code Vary: A2A-Version}; {@code If-None-Match}, else {@code If-Modified-Since}, gives 304 with no
 * body. HEAD gets exactly the headers GET would.
 *
 * <p>The inner servlet sees an unconditional GET, so the container's own weaker validators (Tomcat's
 * {@code W/"length-mtime"}) and byte ranges never decide the answer.
 */
public final class ConditionalGetFilter extends HttpFilter {
    private static final Set<String> HIDDEN_HEADERS =
            Set.of("if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range", "range");

    private final String cacheControl;

    /** @param maxAge how long clients and caches may keep a document without asking again */
    public ConditionalGetFilter(Duration maxAge) {
        this.cacheControl = "public, max-age=" + maxAge.toSeconds();
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String method = request.getMethod();
        boolean head = "HEAD".equals(method);
        if (!head && !"GET".equals(method)) {
            chain.doFilter(request, response);
            return;
        }
        CapturedResponse captured = new CapturedResponse(response);
        chain.doFilter(new UnconditionalGet(request), captured);
        if (captured.errorSent()) {
            return;
        }
        byte[] body = captured.body();
        if (response.getStatus() != HttpServletResponse.SC_OK) {
            send(response, body, head);
            return;
        }
        String etag = Preconditions.isStrong(captured.etag()) ? captured.etag() : Preconditions.strongTag(body);
        response.setHeader("ETag", etag);
        response.setHeader("Cache-Control", cacheControl);
        addVary(response);
        String ifNoneMatch = request.getHeader("If-None-Match");
        boolean notModified = ifNoneMatch != null
                ? Preconditions.noneMatchHits(ifNoneMatch, etag)
                : Preconditions.notModifiedSince(request.getHeader("If-Modified-Since"), captured.lastModified());
        if (notModified) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            response.setContentType(null);
            return;
        }
        if (captured.lastModified() >= 0) {
            response.setDateHeader("Last-Modified", captured.lastModified());
        }
        send(response, body, head);
    }

    private static void send(HttpServletResponse response, byte[] body, boolean head) throws IOException {
        response.setContentLength(body.length);
        if (!head) {
            response.getOutputStream().write(body);
        }
    }

    private static void addVary(HttpServletResponse response) {
        for (String vary : response.getHeaders("Vary")) {
            if (vary.toLowerCase(Locale.ROOT).contains(ProtocolVersion.PARAMETER.toLowerCase(Locale.ROOT))) {
                return;
            }
        }
        response.addHeader("Vary", ProtocolVersion.PARAMETER);
    }

    /** The request as a plain GET: no validators, no ranges, and HEAD turned into GET. */
    private static final class UnconditionalGet extends HttpServletRequestWrapper {
        UnconditionalGet(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getMethod() {
            return "GET";
        }

        @Override
        public String getHeader(String name) {
            return hidden(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return hidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        @Override
        public long getDateHeader(String name) {
            return hidden(name) ? -1 : super.getDateHeader(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                    .filter(name -> !hidden(name)).toList());
        }

        private static boolean hidden(String name) {
            return name != null && HIDDEN_HEADERS.contains(name.toLowerCase(Locale.ROOT));
        }
    }
}
