package dev.switchboard.web.landing;

import dev.switchboard.web.binding.HttpErrors;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Serves the landing page's script and style sheet from {@code /static/} in the WAR. They are
 * files rather than inline code so that the page's Content-Security-Policy can forbid inline
 * script and style altogether. Only the named files are served (no directory listing, no other
 * path), read once at start-up; validators and caching come from the conditional-GET filter.
 */
public final class StaticAssetServlet extends HttpServlet {
    public static final String PREFIX = "/static";
    /** The files and their media types: a short fixed list, so no guessing from file names. */
    static final Map<String, String> ASSETS = Map.of(
            "/site.css", "text/css;charset=utf-8",
            "/try.js", "text/javascript;charset=utf-8");

    private transient Map<String, byte[]> bodies = Map.of();

    @Override
    public void init() throws ServletException {
        Map<String, byte[]> read = new java.util.HashMap<>();
        for (String name : ASSETS.keySet()) {
            try (InputStream in = getServletContext().getResourceAsStream(PREFIX + name)) {
                if (in == null) {
                    throw new ServletException(PREFIX + name + " is missing from the web application");
                }
                read.put(name, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        bodies = Map.copyOf(read);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getPathInfo();
        byte[] body = name == null ? null : bodies.get(name);
        if (body == null) {
            HttpErrors.write(response, 404, HttpErrors.describe(404, request.getRequestURI()));
            return;
        }
        response.setContentType(ASSETS.get(name));
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
