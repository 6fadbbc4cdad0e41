package dev.switchboard.web.filter;

import dev.switchboard.security.Caller;
import dev.switchboard.security.Decision;
import dev.switchboard.security.LimitKind;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Bounds how often each caller may call, by tier, and how much everyone together may call per
 * day. Runs after the caller filter, on A2A operations only: discovery and health are never
 * throttled. Over a limit: 429 with {@code Retry-After}.
 */
public final class RateLimitFilter extends HttpFilter {
    private final RateLimiter limiter;

    public RateLimitFilter(RateLimiter limiter) {
        this.limiter = limiter;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Caller caller = RequestScope.callerIfIdentified(request);
        if (caller == null) {
            chain.doFilter(request, response);
            return;
        }
        Decision decision = limiter.check(caller.isOperator() ? "operator" : caller.owner(), caller.tier());
        if (decision.allowed()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = decision.retryAfterSeconds();
        response.setHeader(HttpNames.RETRY_AFTER, Long.toString(seconds));
        boolean daily = decision.refusedBy() == LimitKind.DAILY;
        String which = daily ? "the server's daily ceiling" : "your per-minute limit";
        HttpErrors.send(response, 429, ErrorBody.forRefusal(429,
                "Too many requests: " + which + " is reached; retry in " + seconds + " s",
                daily ? "DAILY_CEILING" : "RATE_LIMITED"));
    }
}
