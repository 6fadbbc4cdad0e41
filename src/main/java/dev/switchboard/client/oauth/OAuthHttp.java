package dev.switchboard.client.oauth;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The exchanges with an authorization server: metadata, token, device, revocation and registration
 * requests. Never follows a redirect (a request may carry a code, a refresh token or a verifier),
 * reads at most 1 MiB of an answer, and reports an OAuth error by its code and description only:
 * a body is never echoed, since it may hold what the request sent.
 */
final class OAuthHttp {
    private static final int MAX_BYTES = 1 << 20;
    private static final int MAX_DESCRIPTION = 200;

    private final HttpClient http;
    private final Duration timeout;

    OAuthHttp(HttpClient http, Duration timeout) {
        this.http = http;
        this.timeout = timeout;
    }

    static OAuthHttp standard() {
        return new OAuthHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER).build(), Duration.ofSeconds(30));
    }

    /** A GET of a JSON document; answers null on 404, so the caller can try the next well-known path. */
    JsonObject getJson(URI uri) {
        Answer response = send(HttpRequest.newBuilder(uri).GET().header("Accept", "application/json"), uri);
        if (response.statusCode() == 404) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new OAuthException(where(uri) + " answered HTTP " + response.statusCode(), null,
                    response.statusCode(), null);
        }
        return object(response.body(), uri);
    }

    /** A form POST (token, device authorization): the JSON answer of a 2xx, else an {@link OAuthException}. */
    JsonObject postForm(URI uri, Map<String, String> form) {
        Answer response = send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(form(form), StandardCharsets.UTF_8)), uri);
        return answer(response, uri);
    }

    /** A JSON POST (dynamic client registration). */
    JsonObject postJson(URI uri, JsonObject body) {
        Answer response = send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)), uri);
        return answer(response, uri);
    }

    /** A form POST whose answer has no body worth reading (revocation): only its status counts. */
    void postFormNoContent(URI uri, Map<String, String> form) {
        Answer response = send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form), StandardCharsets.UTF_8)), uri);
        if (response.statusCode() / 100 != 2) {
            throw error(response, uri);
        }
    }

    private JsonObject answer(Answer response, URI uri) {
        if (response.statusCode() / 100 != 2) {
            throw error(response, uri);
        }
        return object(response.body(), uri);
    }

    /** The OAuth error of an answer (RFC 6749 §5.2): its code and a bounded description, never the rest. */
    private static OAuthException error(Answer response, URI uri) {
        String code = null;
        String description = null;
        try {
            JsonObject json = object(response.body(), uri);
            code = json.get("error") instanceof JsonString s ? s.getString() : null;
            description = json.get("error_description") instanceof JsonString s ? s.getString() : null;
        } catch (OAuthException notJson) {
            // the status alone is reported
        }
        String text = where(uri) + " answered HTTP " + response.statusCode()
                + (code == null ? "" : ": " + printable(code, 64))
                + (description == null ? "" : " (" + printable(description, MAX_DESCRIPTION) + ")");
        return new OAuthException(text, code, response.statusCode(), null);
    }

    private static String printable(String text, int max) {
        String clean = text.codePoints().filter(c -> c >= 0x20 && c != 0x7f)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return clean.length() > max ? clean.substring(0, max) + "…" : clean;
    }

    private Answer send(HttpRequest.Builder request, URI uri) {
        try {
            HttpResponse<InputStream> response = http.send(request.timeout(timeout).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                byte[] bytes = in.readNBytes(MAX_BYTES + 1);
                if (bytes.length > MAX_BYTES) {
                    throw new OAuthException(where(uri) + " answered more than " + MAX_BYTES + " bytes");
                }
                return new Answer(response.statusCode(), bytes);
            }
        } catch (HttpTimeoutException e) {
            throw new OAuthException("no answer from " + where(uri) + " within " + timeout.toSeconds() + " s", null, 0, e);
        } catch (IOException e) {
            throw new OAuthException("cannot reach " + where(uri) + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()), null, 0, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OAuthException("cancelled while waiting for " + where(uri), null, 0, e);
        }
    }

    private static JsonObject object(byte[] bytes, URI uri) {
        try (JsonReader reader = JsonFactory.createReader(new ByteArrayInputStream(bytes))) {
            JsonValue value = reader.readValue();
            if (value instanceof JsonObject json) {
                return json;
            }
        } catch (JsonException | IllegalStateException e) {
            // reported below
        }
        throw new OAuthException(where(uri) + " did not answer a JSON object");
    }

    /** The endpoint without its query: what a message may name. */
    static String where(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + uri.getRawAuthority() + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    static String form(Map<String, String> form) {
        return form.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** An answer's status and its body, read within the limit. */
    private record Answer(int statusCode, byte[] body) {
    }
}
