package dev.switchboard.web;

import dev.switchboard.web.binding.HttpErrors;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Publishes the public key that verifies signed push notifications as a JWK Set at
 * {@code /.well-known/jwks.json}; the card's signed-notifications extension points here. Not
 * there when push notifications are off. Caching headers come from the conditional-GET filter.
 */
public final class JwksServlet extends HttpServlet {
    private static final String ALLOW = "GET, HEAD";

    private final transient Optional<byte[]> document;

    /** @param keys the JWK Set; empty when push notifications are off */
    JwksServlet(Optional<String> keys) {
        this.document = keys.map(json -> json.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
            response.setHeader("Allow", ALLOW);
            HttpErrors.write(response, 405, HttpErrors.describe(405, request.getRequestURI()));
            return;
        }
        if (document.isEmpty()) {
            HttpErrors.write(response, 404, "Push notifications are off: there is no notification key");
            return;
        }
        response.setHeader("Access-Control-Allow-Origin", "*");
        response.setContentType("application/jwk-set+json");
        response.setContentLength(document.get().length);
        response.getOutputStream().write(document.get());
    }
}
