package dev.switchboard.tck;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/**
 * Lists the gRPC interfaces of the public card as {@code http://host:port} instead of A2A 1.0's
 * {@code host:port}, for the main and 0.3 TCK lines: their clients read every interface url with
 * {@code urlparse} (a bare {@code host:port} would dial {@code None:80}) and their
 * {@code test_agent_interfaces_structure} wants an http(s) URL for each. The 1.0-dev line dials
 * the url as given and wants it without a scheme, so this is on only where
 * {@code switchboard.tck.grpc.url.http} is true (scripts/tck-harness.sh {@code --grpc-url-http}).
 * Harness only (docs/conformance.md, "gRPC").
 */
public final class GrpcUrlAsHttp extends HttpFilter {
    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Buffered buffered = new Buffered(response);
        chain.doFilter(request, buffered);
        byte[] body = buffered.bytes();
        if (buffered.getStatus() == 200 && body.length > 0) {
            body = rewrite(body);
            response.setContentLength(body.length);
        }
        response.getOutputStream().write(body);
    }

    private static byte[] rewrite(byte[] body) {
        JsonObject card;
        try (var reader = Json.createReader(new ByteArrayInputStream(body))) {
            card = reader.readObject();
        }
        JsonObjectBuilder out = Json.createObjectBuilder(card);
        for (String list : new String[] {"supportedInterfaces", "additionalInterfaces"}) {
            if (card.get(list) instanceof JsonArray interfaces) {
                out.add(list, withHttpGrpcUrls(interfaces));
            }
        }
        StringWriter text = new StringWriter();
        try (var writer = Json.createWriter(text)) {
            writer.writeObject(out.build());
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static JsonArray withHttpGrpcUrls(JsonArray interfaces) {
        JsonArrayBuilder out = Json.createArrayBuilder();
        for (JsonValue value : interfaces) {
            JsonObject face = value.asJsonObject();
            String binding = face.getString("protocolBinding", face.getString("transport", ""));
            String url = face.getString("url", "");
            if ("GRPC".equals(binding) && !url.contains("://")) {
                out.add(Json.createObjectBuilder(face).add("url", "http://" + url));
            } else {
                out.add(face);
            }
        }
        return out.build();
    }

    /** Holds the card's body until it is rewritten; headers pass through. */
    private static final class Buffered extends HttpServletResponseWrapper {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private PrintWriter writer;

        Buffered(HttpServletResponse response) {
            super(response);
        }

        byte[] bytes() {
            if (writer != null) {
                writer.flush();
            }
            return bytes.toByteArray();
        }

        @Override
        public void setContentLength(int length) {
        }

        @Override
        public void setContentLengthLong(long length) {
        }

        @Override
        public void setHeader(String name, String value) {
            if (!"Content-Length".equalsIgnoreCase(name)) {
                super.setHeader(name, value);
            }
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    bytes.write(b, off, len);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new UnsupportedOperationException();
                }
            };
        }

        @Override
        public PrintWriter getWriter() {
            if (writer == null) {
                writer = new PrintWriter(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8));
            }
            return writer;
        }

        @Override
        public void flushBuffer() {
        }
    }
}
