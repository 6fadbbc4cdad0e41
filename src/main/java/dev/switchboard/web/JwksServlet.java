package dev.switchboard.web;

import dev.switchboard.web.binding.HttpErrors;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Publishes public keys as a JWK Set: at {@code /.well-known/jwks.json} the key that verifies
 * signed push notifications (the card's signed-notifications extension points there), at
 * {@code /.well-known/agent-card-jwks.json} the keys that verify the card's signatures (their
 * {@code jku}). A set whose feature is off answers 404. Caching headers come from the
 * conditional-GET filter.
 */
public final class JwksServlet extends HttpServlet {
    private static final String ALLOW = "GET, HEAD";

    private final transient Optional<byte[]> document;
    private final String whenAbsent;

    /**
     * @param keys       the JWK Set; empty when its feature is off
     * @param whenAbsent what the 404 says then
     */
    JwksServlet(Optional<String> keys, String whenAbsent) {
        this.document = keys.map(json -> json.getBytes(StandardCharsets.UTF_8));
        this.whenAbsent = whenAbsent;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
            response.setHeader("Allow", ALLOW);
            HttpErrors.write(response, 405, HttpErrors.describe(405, request.getRequestURI()));
            return;
        }
        if (document.isEmpty()) {
            HttpErrors.write(response, 404, whenAbsent);
            return;
        }
        response.setHeader("Access-Control-Allow-Origin", "*");
        response.setContentType("application/jwk-set+json");
        response.setContentLength(document.get().length);
        response.getOutputStream().write(document.get());
    }
}
