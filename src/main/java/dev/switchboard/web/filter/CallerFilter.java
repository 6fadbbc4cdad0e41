package dev.switchboard.web.filter;

import dev.switchboard.config.Cidr;
import dev.switchboard.observe.Metrics;
import dev.switchboard.security.AddressBlock;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.security.Tier;
import dev.switchboard.web.binding.Endpoints;
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
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * Identifies the caller of every A2A operation (see {@link CallerIdentification}) before any
 * binding runs, and records the client's address for the limits. A caller that presents no
 * credential, no caller key and no cookie is given a caller cookie, and is that caller from this
 * request on. A refused credential is answered 401 with its reason and a {@code WWW-Authenticate}
 * challenge; an address that keeps presenting refused credentials is answered 429 for a while,
 * before anything is checked. Discovery (card, landing page) and health are not A2A operations and
 * pass untouched.
 */
public final class CallerFilter extends HttpFilter {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int COOKIE_BYTES = 18;

    private final CallerIdentification identification;
    private final TrustedProxies proxies;
    private final RateLimiter failedCredentials;
    private final boolean secureCookies;
    private final Metrics metrics;

    /**
     * @param trustedProxies    the blocks whose {@code X-Forwarded-For} header is believed
     * @param failedCredentials counts refused credentials per address block (its public tier's window)
     * @param secureCookies     whether the caller cookie is sent to https origins only
     */
    public CallerFilter(CallerIdentification identification, List<Cidr> trustedProxies, RateLimiter failedCredentials,
                        boolean secureCookies) {
        this(identification, trustedProxies, failedCredentials, secureCookies, Metrics.off());
    }

    /** @param metrics counts the addresses refused for guessing credentials */
    public CallerFilter(CallerIdentification identification, List<Cidr> trustedProxies, RateLimiter failedCredentials,
                        boolean secureCookies, Metrics metrics) {
        this.metrics = metrics;
        this.identification = identification;
        this.proxies = new TrustedProxies(trustedProxies);
        this.failedCredentials = failedCredentials;
        this.secureCookies = secureCookies;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = Endpoints.path(request);
        boolean operation = Endpoints.isOperation(request.getMethod(), path);
        if (!operation && !(Endpoints.isOperatorDocument(path) && request.getHeader("Authorization") != null)) {
            chain.doFilter(request, response);
            return;
        }
        String address = proxies.clientAddress(request.getRemoteAddr(), request.getHeader("X-Forwarded-For"));
        RequestScope.clientAddress(request, address);
        String block = AddressBlock.of(address);
        Duration wait = failedCredentials.waitBeforeNext(block, Tier.PUBLIC);
        if (!wait.isZero()) {
            response.setHeader(HttpNames.RETRY_AFTER, Long.toString(wait.getSeconds()));
            metrics.refused("TOO_MANY_FAILED_CREDENTIALS");
            HttpErrors.refuse(request, response, 429,
                    "Too many refused credentials from your address; retry in " + wait.getSeconds() + " s",
                    "TOO_MANY_FAILED_CREDENTIALS");
            return;
        }
        String authorization = request.getHeader("Authorization");
        String apiKey = request.getHeader(CallerIdentification.API_KEY_HEADER);
        String callerKey = request.getHeader(CallerIdentification.CALLER_KEY_HEADER);
        String cookie = cookie(request);
        if (operation && authorization == null && apiKey == null && callerKey == null && cookie == null
                && identification.admitsAnonymous()) {
            cookie = mintCookie(request, response);
        }
        try {
            RequestScope.caller(request, identification.identify(new CallerIdentification.Presented(
                    authorization, apiKey, callerKey, cookie)));
        } catch (AuthenticationFailure failure) {
            if (isGuess(failure)) {
                failedCredentials.check(block, Tier.PUBLIC);
            }
            if (failure.status() != 503) {
                response.setHeader(HttpNames.WWW_AUTHENTICATE, challenge(failure));
            }
            HttpErrors.refuse(request, response, failure.status(), failure.getMessage(), failure.reason());
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * Whether a refusal could be one guess of many: a token, API key or caller key that was
     * presented and refused. A request that presented none, or only a scheme this server never
     * takes, guesses nothing; a client that forgot its credentials is not throttled as a guesser.
     */
    private static boolean isGuess(AuthenticationFailure failure) {
        return failure.status() == 401 && !"CREDENTIAL_REQUIRED".equals(failure.reason())
                && !"UNSUPPORTED_SCHEME".equals(failure.reason());
    }

    /**
     * The {@code WWW-Authenticate} challenge of a refusal: {@code invalid_token} only when a token
     * was presented and refused. A request that carried no credential, or one in a scheme this
     * server does not take, gets the bare challenge (RFC 6750, section 3.1: such a request
     * "SHOULD NOT" be told an error code). A valid token without a required scope gets
     * {@code insufficient_scope} and the scopes needed. The description is the refusal's message,
     * which says what to fix, never which check of a token failed.
     */
    static String challenge(AuthenticationFailure failure) {
        return switch (failure.reason()) {
            case "CREDENTIAL_REQUIRED", "UNSUPPORTED_SCHEME", "CALLER_UNKNOWN" -> "Bearer realm=\"switchboard\"";
            case AuthenticationFailure.INSUFFICIENT_SCOPE -> "Bearer realm=\"switchboard\", error=\"insufficient_scope\""
                    + ", error_description=\"" + quotable(failure.getMessage()) + "\", scope=\""
                    + quotable(failure.scope()) + "\"";
            default -> "Bearer realm=\"switchboard\", error=\"invalid_token\", error_description=\""
                    + quotable(failure.getMessage()) + "\"";
        };
    }

    /** RFC 6750's attribute values: printable ASCII without {@code "} and {@code \\}. */
    private static String quotable(String text) {
        return text == null ? "" : text.replaceAll("[^\\x20-\\x7E]|[\"\\\\]", "'");
    }

    /**
     * A new caller cookie: random, for this server's paths only, out of reach of scripts and of
     * other sites' requests. A client that keeps it is one caller from request to request; one
     * that does not is a new caller every time, whose tasks are still reachable by their ids.
     */
    private String mintCookie(HttpServletRequest request, HttpServletResponse response) {
        byte[] bytes = new byte[COOKIE_BYTES];
        RANDOM.nextBytes(bytes);
        String value = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        response.addHeader("Set-Cookie", CallerIdentification.CALLER_KEY_COOKIE + "=" + value
                + "; Path=/; HttpOnly; SameSite=Strict" + (secureCookies || request.isSecure() ? "; Secure" : ""));
        return value;
    }

    private static String cookie(HttpServletRequest request) {
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
