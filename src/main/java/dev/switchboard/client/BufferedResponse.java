package dev.switchboard.client;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** A response whose body was read into memory, within the client's size limit. */
record BufferedResponse(HttpResponse<InputStream> response, byte[] body) implements HttpResponse<byte[]> {
    public int statusCode() {
        return response.statusCode();
    }

    public HttpRequest request() {
        return response.request();
    }

    public Optional<HttpResponse<byte[]>> previousResponse() {
        return Optional.empty();
    }

    public HttpHeaders headers() {
        return response.headers();
    }

    public Optional<SSLSession> sslSession() {
        return response.sslSession();
    }

    public URI uri() {
        return response.uri();
    }

    public HttpClient.Version version() {
        return response.version();
    }
}
