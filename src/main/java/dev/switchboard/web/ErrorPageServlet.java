package dev.switchboard.web;

import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.runtime.Incident;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Logger;

/**
 * The container's error page for every status and exception (see web.xml), so a failure outside
 * JAX-RS still answers JSON, never the container's HTML page or a stack trace. Called directly it
 * behaves as the unknown path it is.
 */
public final class ErrorPageServlet extends HttpServlet {
    private static final Logger LOG = Logger.getLogger(ErrorPageServlet.class.getName());

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        Throwable failure = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        String path = uri == null ? request.getRequestURI() : uri.toString();
        int status = code instanceof Integer value ? value : 404;
        String message = HttpErrors.describe(status, path);
        if (failure != null || status >= 500) {
            Incident incident = Incident.report(LOG, "on " + request.getMethod() + " " + path, failure);
            message = message + " " + incident.mention();
            status = status >= 400 ? status : 500;
        }
        String inApplication = path.startsWith(request.getContextPath())
                ? path.substring(request.getContextPath().length()) : path;
        HttpErrors.send(response, status, HttpErrors.failure(request.getMethod(), inApplication, status, message));
    }
}
