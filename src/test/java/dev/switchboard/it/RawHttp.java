package dev.switchboard.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written byte by byte on a socket, for requests no HTTP client would send (a header with
 * a bare CR, a Content-Length that is not a number, a path with an encoded NUL). Each request asks
 * the server to close the connection, so the answer is everything read until then.
 */
final class RawHttp {
    private final String host;
    private final int port;

    RawHttp(URL base) {
        this.host = base.getHost();
        this.port = base.getPort();
    }

    /** Sends the request line, the headers (each line ending CRLF is added) and the body. */
    Answer send(String requestLine, String headers, byte[] body) {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes((requestLine + "\r\nHost: " + host + ":" + port + "\r\nConnection: close\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(headers.getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(body);
        try (Socket socket = new Socket(host, port)) {
            // the first request after a deployment waits for the task store to open: 23 s at load 27
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toByteArray());
            out.flush();
            return Answer.parse(readAll(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(requestLine, e);
        }
    }

    Answer send(String requestLine, String headers) {
        return send(requestLine, headers, new byte[0]);
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                read.write(buffer, 0, n);
            }
        } catch (java.net.SocketException e) {
            // a server that closes with unread request bytes may reset the connection after answering
            if (read.size() == 0) {
                throw e;
            }
        }
        return read.toByteArray();
    }

    /** A response: status, headers (names in lower case) and body as text. */
    record Answer(int status, Map<String, String> headers, String body) {
        static Answer parse(byte[] bytes) {
            String text = new String(bytes, StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IllegalStateException("no complete response head: " + text);
            }
            String[] lines = text.substring(0, end).split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
            String body = text.substring(end + 4);
            return new Answer(Integer.parseInt(lines[0].split(" ")[1]), headers,
                    "chunked".equalsIgnoreCase(headers.get("transfer-encoding")) ? unchunk(body) : body);
        }

        private static String unchunk(String chunked) {
            StringBuilder body = new StringBuilder();
            int at = 0;
            while (true) {
                int lineEnd = chunked.indexOf("\r\n", at);
                int size = Integer.parseInt(chunked.substring(at, lineEnd).split(";")[0].trim(), 16);
                if (size == 0) {
                    return body.toString();
                }
                // sizes count bytes; the error bodies are ASCII JSON, so characters will do
                body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
                at = lineEnd + 2 + size + 2;
            }
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        JsonObject json() {
            try (JsonReader reader = Json.createReader(new StringReader(body))) {
                return reader.readObject();
            } catch (RuntimeException e) {
                throw new AssertionError("not a JSON object (HTTP " + status + ", " + header("Content-Type") + "): "
                        + body, e);
            }
        }

        @Override
        public String toString() {
            return "HTTP " + status + " " + headers + " " + body;
        }
    }
}
