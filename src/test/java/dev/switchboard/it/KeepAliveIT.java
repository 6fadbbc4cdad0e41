package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Streams end with HTTP/1.1's last chunk and leave their connection open, so a client's pooled
 * connection serves its next request: every request here goes over one socket, a stream first.
 */
class KeepAliveIT extends OnTomcat {

    @Test
    void aJsonRpcStreamLeavesItsConnectionForTheNextRequest() throws IOException {
        try (Connection connection = new Connection()) {
            Answer stream = connection.post("/a2a/jsonrpc", "text/event-stream",
                    JsonRpc.envelope("SendStreamingMessage", JsonRpc.send("chunks:2")));
            assertStreamedToTheEnd(stream, "TASK_STATE_COMPLETED");
            assertEquals(200, connection.get("/.well-known/agent-card.json").status());
        }
    }

    @Test
    void aRestStreamLeavesItsConnectionForTheNextRequest() throws IOException {
        try (Connection connection = new Connection()) {
            Answer stream = connection.post("/a2a/rest/acme/message:stream", "text/event-stream",
                    JsonRpc.send("chunks:2").toString());
            assertStreamedToTheEnd(stream, "TASK_STATE_COMPLETED");
            assertEquals(200, connection.get("/.well-known/agent-card.json").status());
        }
    }

    @Test
    void aStreamRefusedBeforeItsFirstEventLeavesItsConnectionToo() throws IOException {
        try (Connection connection = new Connection()) {
            Answer refused = connection.get("/a2a/rest/acme/tasks/no-such-task:subscribe");
            assertEquals(404, refused.status(), refused.body());
            assertFalse(refused.closes(), refused.headers().toString());
            assertEquals(200, connection.get("/.well-known/agent-card.json").status());
        }
    }

    private static void assertStreamedToTheEnd(Answer stream, String lastState) {
        assertEquals(200, stream.status(), stream.body());
        assertTrue(stream.headers().getOrDefault("content-type", "").startsWith("text/event-stream"));
        assertEquals("chunked", stream.headers().get("transfer-encoding"), stream.headers().toString());
        assertFalse(stream.closes(), "the stream asked for its connection to close: " + stream.headers());
        assertTrue(stream.body().contains(lastState), stream.body());
    }

    record Answer(int status, Map<String, String> headers, String body) {
        boolean closes() {
            return headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT).contains("close");
        }
    }

    /** One kept-alive HTTP/1.1 connection, read by Content-Length or chunks, never until EOF. */
    private final class Connection implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Connection() throws IOException {
            socket = new Socket(base.getHost(), base.getPort());
            // the first request after a deployment waits for the task store to open: 23 s at load 27
            socket.setSoTimeout(60_000);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        }

        Answer get(String path) throws IOException {
            return exchange("GET " + path + " HTTP/1.1\r\n" + host() + "Accept: application/json\r\n\r\n", new byte[0]);
        }

        Answer post(String path, String accept, String json) throws IOException {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            return exchange("POST " + path + " HTTP/1.1\r\n" + host() + "Accept: " + accept + "\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n", body);
        }

        private String host() {
            return "Host: " + base.getHost() + ":" + base.getPort() + "\r\n";
        }

        private Answer exchange(String head, byte[] body) throws IOException {
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            String statusLine = line();
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = line(); !line.isEmpty(); line = line()) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                        size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                    content.write(in.readNBytes(size));
                    line();
                }
                while (!line().isEmpty()) {
                    // trailers
                }
            } else if (headers.containsKey("content-length")) {
                content.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
            }
            return new Answer(status, headers, content.toString(StandardCharsets.UTF_8));
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("the server closed the connection");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
