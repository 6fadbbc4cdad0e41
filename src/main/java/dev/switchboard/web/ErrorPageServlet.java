package dev.switchboard.web;

import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import dev.switchboard.runtime.Incident;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Level;
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
        Throwable cause = unwrapped(failure);
        if (cause instanceof RequestBodyTooLargeException tooLarge) {
            // the body limit signals with an IOException too, should one get past the bindings
            status = 413;
            message = tooLarge.getMessage();
        } else if (cause instanceof IOException) {
            // the client reset its stream, closed its connection or sent a body the container could
            // not read: its doing, not the server's, and any client could flood the log with stacks
            LOG.log(Level.FINE, () -> "on " + request.getMethod() + " " + path + ": the request's connection failed: "
                    + failure);
            status = 400;
            message = "The request could not be read: its connection failed";
        } else if (failure != null || status >= 500) {
            Incident incident = Incident.report(LOG, "on " + request.getMethod() + " " + path, failure);
            message = message + " " + incident.mention();
            status = status >= 400 ? status : 500;
        }
        String inApplication = path.startsWith(request.getContextPath())
                ? path.substring(request.getContextPath().length()) : path;
        HttpErrors.send(response, status, HttpErrors.failure(request.getMethod(), inApplication, status, message));
    }

    /**
     * The failure the container reported, out of the ServletException it may wrap it in. An
     * IOException there is the request's connection failing (an I/O error on the client's stream:
     * Tomcat's ClientAbortException, an HTTP/2 stream reset, an unreadable chunked body): the
     * servlets here throw IOException for nothing else; an UncheckedIOException (a file of the
     * server's own) stays an incident.
     */
    static Throwable unwrapped(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof ServletException wrapper && wrapper.getRootCause() != null) {
            cause = wrapper.getRootCause();
        }
        return cause;
    }
}
