package dev.switchboard.web.observe;

import dev.switchboard.observe.Metrics;
import dev.switchboard.security.Caller;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * {@code GET /metrics}: every meter in the Prometheus text format. Closed to all but the operator
 * unless the operator opens it ({@code switchboard.metrics.public}): the figures tell how busy the
 * server is and which errors it answers, which is the operator's business. Never cached, so that
 * no proxy serves an old scrape. The caller filter checks a presented token here as for an A2A
 * operation (so guesses at the operator token are throttled alike); this servlet only asks whether
 * it found the operator.
 */
public final class MetricsServlet extends HttpServlet {
    private final transient Metrics metrics;
    private final boolean open;

    /** @param open whether callers without the operator token are answered */
    public MetricsServlet(Metrics metrics, boolean open) {
        this.metrics = metrics;
        this.open = open;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            HttpErrors.write(response, 405, HttpErrors.describe(405, request.getRequestURI()));
            return;
        }
        Caller caller = RequestScope.callerIfIdentified(request);
        if (!open && (caller == null || !caller.isOperator())) {
            response.setHeader(HttpNames.WWW_AUTHENTICATE, "Bearer realm=\"switchboard\"");
            HttpErrors.refuse(request, response, 401, "Metrics are for the operator: present the operator token",
                    "CREDENTIAL_REQUIRED");
            return;
        }
        ByteArrayOutputStream scrape = new ByteArrayOutputStream(8192);
        metrics.scrape(scrape);
        response.setHeader(HttpNames.CACHE_CONTROL, "no-store");
        response.setContentType(Metrics.contentType());
        response.setContentLength(scrape.size());
        if (request.getMethod().equals("GET")) {
            scrape.writeTo(response.getOutputStream());
        }
    }
}
