package dev.switchboard.web.filter;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Decision;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.web.HttpErrors;
import dev.switchboard.web.Switchboard;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Bounds how often each caller may call, by tier, and how much everyone together may call per
 * day. Runs after the caller filter, on A2A operations only: discovery and health are never
 * throttled. Over a limit: 429 with {@code Retry-After}.
 */
public final class RateLimitFilter extends HttpFilter {
    private RateLimiter limiter;

    @Override
    public void init() {
        limiter = Switchboard.from(getServletContext()).rateLimiter();
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Object identified = request.getAttribute(CallerFilter.ATTRIBUTE);
        if (!(identified instanceof Caller caller)) {
            chain.doFilter(request, response);
            return;
        }
        Decision decision = limiter.check(caller.isOperator() ? "operator" : caller.owner(), caller.tier());
        if (decision.allowed()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = decision.retryAfterSeconds();
        response.setHeader("Retry-After", Long.toString(seconds));
        String which = decision.refusedBy().name().equals("DAILY") ? "the server's daily ceiling" : "your per-minute limit";
        byte[] body = JsonFactory.createObjectBuilder().add("error", JsonFactory.createObjectBuilder()
                .add("code", 429).add("status", "RESOURCE_EXHAUSTED")
                .add("message", "Too many requests: " + which + " is reached; retry in " + seconds + " s")
                .add("details", JsonFactory.createArrayBuilder().add(JsonFactory.createObjectBuilder()
                        .add("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                        .add("reason", decision.refusedBy().name().equals("DAILY") ? "DAILY_CEILING" : "RATE_LIMITED")
                        .add("domain", "switchboard"))))
                .build().toString().getBytes(StandardCharsets.UTF_8);
        HttpErrors.send(response, 429, body);
    }
}
