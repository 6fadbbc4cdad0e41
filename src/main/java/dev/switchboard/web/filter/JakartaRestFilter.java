package dev.switchboard.web.filter;

import dev.switchboard.runtime.DaemonThreads;
import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.HttpErrors;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Jakarta REST application (Jersey) as a filter that starts in the background. Starting Jersey
 * is the largest part of deploying the WAR, and a container accepts no request before every filter
 * has started; the card, the keys and the catalogue are plain servlets that do not need it. So
 * this filter returns from {@code init} at once, requests for those servlets pass by Jersey (now
 * and later: they never match a resource), and requests for the API wait for Jersey, bounded,
 * then fail with 503 rather than hang. Jersey sees each request through {@link IdempotentCompletion}.
 */
public final class JakartaRestFilter implements Filter {
    private static final Logger LOG = Logger.getLogger(JakartaRestFilter.class.getName());
    /** The name containers give the servlet that answers paths no other servlet is mapped to. */
    private static final String DEFAULT_SERVLET = "default";
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final Supplier<Filter> jersey;
    private final Duration patience;
    private final CompletableFuture<Filter> started = new CompletableFuture<>();

    /** @param jersey makes the Jakarta REST application's filter; called once, on the starting thread */
    public JakartaRestFilter(Supplier<Filter> jersey) {
        this(jersey, PATIENCE);
    }

    JakartaRestFilter(Supplier<Filter> jersey, Duration patience) {
        this.jersey = jersey;
        this.patience = patience;
    }

    @Override
    public void init(FilterConfig config) {
        ClassLoader application = Thread.currentThread().getContextClassLoader();
        Thread starter = DaemonThreads.named("switchboard-rest-start").newThread(() -> {
            Thread.currentThread().setContextClassLoader(application);
            try {
                Filter filter = jersey.get();
                filter.init(config);
                started.complete(filter);
            } catch (Throwable e) {
                LOG.log(Level.SEVERE, "The Jakarta REST application could not start; API calls answer 503", e);
                started.completeExceptionally(e);
            }
        });
        starter.start();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (forOwnServlet((HttpServletRequest) request)) {
            chain.doFilter(request, response);
            return;
        }
        // once started, no waiting; a start that failed answers 503 like one still under way
        Filter filter = started.isDone() && !started.isCompletedExceptionally() ? started.join()
                : await((HttpServletResponse) response);
        if (filter != null) {
            filter.doFilter(new IdempotentCompletion((HttpServletRequest) request), response, chain);
            giveBodilessErrorsABody((HttpServletRequest) request, (HttpServletResponse) response);
        }
    }

    /**
     * Jersey answers some requests it cannot read (a Content-Type that does not parse, say) with a
     * bare status and no body, before any resource or mapper runs: those get the JSON error body of
     * their binding. An asynchronous answer is written later, by its resource, and is left alone.
     */
    private static void giveBodilessErrorsABody(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        int status = response.getStatus();
        if (status < 400 || request.isAsyncStarted() || response.isCommitted() || response.getContentType() != null) {
            return;
        }
        String path = Endpoints.path(request);
        HttpErrors.send(response, status,
                HttpErrors.failure(request.getMethod(), path, status, HttpErrors.describe(status, path)));
    }

    /** A request mapped to one of the application's servlets (the card, the keys, the catalogue). */
    private static boolean forOwnServlet(HttpServletRequest request) {
        String servlet = request.getHttpServletMapping().getServletName();
        return servlet != null && !servlet.equals(DEFAULT_SERVLET);
    }

    private Filter await(HttpServletResponse response) throws IOException {
        try {
            return started.get(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            response.setHeader("Retry-After", "5");
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return null;
        }
    }

    @Override
    public void destroy() {
        started.thenAccept(Filter::destroy);
    }
}
