package dev.switchboard.it;

import java.net.CookieManager;
import java.net.CookiePolicy;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A small HTTP client for the integration tests, speaking to the deployed server. Like a browser
 * or any client that keeps cookies, it returns the caller cookie the server gives it, so the
 * tests' anonymous requests are one caller (see README, Security); {@link JsonRpc} shares the jar.
 */
final class Http {
    /** The cookie jar of the tests' anonymous caller. */
    static final CookieManager COOKIES = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .cookieHandler(COOKIES)
            .build();

    private final URI base;

    Http(URL base) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    }

    HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder request = request(path).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request.build());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("request failed: " + request.method() + " " + request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> post(String path, String contentType, String body) {
        return send(request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    static JsonObject json(HttpResponse<String> response) {
        try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
            return reader.readObject();
        } catch (RuntimeException e) {
            throw new AssertionError("not a JSON object (HTTP " + response.statusCode() + "): " + response.body(), e);
        }
    }
}
