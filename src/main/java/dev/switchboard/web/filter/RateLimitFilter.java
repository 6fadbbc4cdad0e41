package dev.switchboard.web.filter;

import dev.switchboard.observe.Metrics;
import dev.switchboard.security.AddressBlock;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Decision;
import dev.switchboard.security.LimitKind;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.web.binding.Endpoints;
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
 * Bounds how often each caller may call, by tier, and how much anonymous callers together may
 * call per day. Anonymous callers are counted by their address block, which they cannot change by
 * presenting another caller key or dropping their cookie; key holders by their key. Runs after the
 * caller filter, on A2A operations only: discovery and health are never throttled. Over a limit:
 * 429 with {@code Retry-After}.
 */
public final class RateLimitFilter extends HttpFilter {
    private final RateLimiter limiter;
    private final Metrics metrics;

    public RateLimitFilter(RateLimiter limiter) {
        this(limiter, Metrics.off());
    }

    /** @param metrics counts the refusals by reason */
    public RateLimitFilter(RateLimiter limiter, Metrics metrics) {
        this.limiter = limiter;
        this.metrics = metrics;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Caller caller = RequestScope.callerIfIdentified(request);
        if (caller == null) {
            chain.doFilter(request, response);
            return;
        }
        Decision decision = limiter.check(limitedAs(caller, request), caller.tier());
        if (decision.allowed()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = decision.retryAfterSeconds();
        response.setHeader(HttpNames.RETRY_AFTER, Long.toString(seconds));
        boolean daily = decision.refusedBy() == LimitKind.DAILY;
        String which = daily ? "the server's daily ceiling" : "your per-minute limit";
        String reason = daily ? "DAILY_CEILING" : "RATE_LIMITED";
        metrics.refused(reason);
        HttpErrors.refuse(request, response, 429,
                "Too many requests: " + which + " is reached; retry in " + seconds + " s", reason);
    }

    /** What the limits count the caller as. */
    static String limitedAs(Caller caller, HttpServletRequest request) {
        if (caller.isOperator()) {
            return "operator";
        }
        return caller.kind() == Caller.Kind.ANONYMOUS ? AddressBlock.of(RequestScope.clientAddress(request))
                : caller.owner();
    }
}
