package dev.switchboard.web.observe;

import dev.switchboard.observe.Tracing;
import io.opentelemetry.context.Scope;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;

/**
 * Makes the caller's W3C trace context ({@code traceparent}, {@code tracestate}) current while a
 * request passes, so that its operation's span continues the caller's trace. Only with an SDK and
 * no Java agent: the agent's servlet instrumentation has already made its own server span current,
 * which is then the parent, and reading the headers again would make a second root under the
 * caller. With tracing off it passes the request on untouched.
 */
public final class TraceContextFilter implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!Tracing.isOn() || !(request instanceof HttpServletRequest http) || Tracing.currentSpan() != null) {
            chain.doFilter(request, response);
            return;
        }
        try (Scope caller = Tracing.incoming(http::getHeader).makeCurrent()) {
            chain.doFilter(request, response);
        }
    }
}
