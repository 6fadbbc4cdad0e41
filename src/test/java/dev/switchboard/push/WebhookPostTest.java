package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pinned POST over TLS: the connection goes to the checked address while the handshake names
 * the URL's host (SNI) and the certificate must match that host; the Host header names it too.
 */
class WebhookPostTest {
    @TempDir
    Path dir;

    private SSLContext context(Path keystore, boolean server) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(keystore)) {
            store.load(in, "changeit".toCharArray());
        }
        SSLContext context = SSLContext.getInstance("TLS");
        if (server) {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, "changeit".toCharArray());
            context.init(keys.getKeyManagers(), null, null);
        } else {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            context.init(null, trust.getTrustManagers(), null);
        }
        return context;
    }

    private Path certificate(String san) throws Exception {
        Path keystore = dir.resolve(san.replace(':', '-') + ".p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process process = new ProcessBuilder(keytool, "-genkeypair", "-alias", "hook", "-keyalg", "EC",
                "-dname", "CN=hook", "-ext", "SAN=" + san, "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0, "keytool failed");
        return keystore;
    }

    /** Accepts one TLS connection, records SNI and the request head, answers 204. */
    private static CompletableFuture<List<String>> serveOnce(SSLServerSocket server) {
        return CompletableFuture.supplyAsync(() -> {
            List<String> seen = new ArrayList<>();
            try (SSLSocket socket = (SSLSocket) server.accept()) {
                socket.startHandshake();
                for (SNIServerName name : ((ExtendedSSLSession) socket.getSession()).getRequestedServerNames()) {
                    seen.add("SNI " + ((SNIHostName) name).getAsciiName());
                }
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.ISO_8859_1));
                String line;
                while ((line = in.readLine()) != null && !line.isEmpty()) {
                    seen.add(line);
                }
                OutputStream out = socket.getOutputStream();
                out.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException e) {
                seen.add("failed: " + e);
            }
            return seen;
        });
    }

    @Test
    void postsToThePinnedAddressNamingTheUrlsHost() throws Exception {
        Path keystore = certificate("dns:hooks.example.com");
        try (SSLServerSocket server = (SSLServerSocket) context(keystore, true).getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<List<String>> seen = serveOnce(server);
            WebhookTarget target = new WebhookTarget(URI.create("https://hooks.example.com:" + server.getLocalPort()
                    + "/a2a/hook?x=1"), "hooks.example.com", server.getLocalPort(),
                    List.of(InetAddress.getLoopbackAddress()), true);
            int status = new WebhookPost(context(keystore, false).getSocketFactory()).post(target,
                    "{}".getBytes(StandardCharsets.UTF_8), List.of(Map.entry("Authorization", "Bearer c")),
                    Duration.ofSeconds(10));
            assertEquals(204, status);
            List<String> lines = seen.get(10, TimeUnit.SECONDS);
            assertTrue(lines.contains("SNI hooks.example.com"), lines.toString());
            assertTrue(lines.contains("POST /a2a/hook?x=1 HTTP/1.1"), lines.toString());
            assertTrue(lines.contains("Host: hooks.example.com:" + server.getLocalPort()), lines.toString());
            assertTrue(lines.contains("Authorization: Bearer c"), lines.toString());
        }
    }

    @Test
    void aCertificateForAnotherHostIsRefused() throws Exception {
        Path keystore = certificate("dns:elsewhere.example.org");
        try (SSLServerSocket server = (SSLServerSocket) context(keystore, true).getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            serveOnce(server);
            WebhookTarget target = new WebhookTarget(URI.create("https://hooks.example.com/hook"),
                    "hooks.example.com", server.getLocalPort(), List.of(InetAddress.getLoopbackAddress()), true);
            assertThrows(IOException.class, () -> new WebhookPost(context(keystore, false).getSocketFactory())
                    .post(target, new byte[0], List.of(), Duration.ofSeconds(10)));
        }
    }

    /** Enough to fill any socket buffers between the two ends, so that a write must wait for the reader. */
    private static final byte[] LARGE = new byte[32 * 1024 * 1024];
    private static final Duration DEADLINE = Duration.ofSeconds(1);

    private static WebhookTarget loopback(String scheme, int port) {
        return new WebhookTarget(URI.create(scheme + "://hooks.example.com:" + port + "/hook"), "hooks.example.com",
                port, List.of(InetAddress.getLoopbackAddress()), scheme.equals("https"));
    }

    /** Posts within the deadline and a margin, and expects the post to fail for want of time. */
    private static void timesOut(WebhookPost post, WebhookTarget target, byte[] body) {
        long start = System.nanoTime();
        assertTimeoutPreemptively(DEADLINE.multipliedBy(5), () -> assertThrows(SocketTimeoutException.class,
                () -> post.post(target, body, List.of(), DEADLINE)));
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(took >= DEADLINE.toMillis() - 50 && took < DEADLINE.toMillis() * 3, "took " + took + " ms");
    }

    /** A webhook that accepts connections (and, given TLS, completes the handshake) and never reads. */
    private static List<Socket> holdWithoutReading(ServerSocket server) {
        List<Socket> held = new CopyOnWriteArrayList<>();
        Thread acceptor = new Thread(() -> {
            try {
                while (!server.isClosed()) {
                    Socket socket = server.accept();
                    if (socket instanceof SSLSocket tls) {
                        tls.startHandshake();
                    }
                    held.add(socket);
                }
            } catch (IOException closed) {
                // the test is over
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return held;
    }

    @Test
    void aWebhookThatNeverReadsCannotHoldTheSenderPastTheDeadline() throws Exception {
        try (ServerSocket server = new ServerSocket()) {
            server.setReceiveBufferSize(4096);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            holdWithoutReading(server);
            try (WebhookPost post = new WebhookPost()) {
                timesOut(post, loopback("http", server.getLocalPort()), LARGE);
            }
        }
    }

    /** At undeploy: a sender stuck writing must not outlive the application. */
    @Test
    void closingCutsOffPostsUnderWay() throws Exception {
        try (ServerSocket server = new ServerSocket()) {
            server.setReceiveBufferSize(4096);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            holdWithoutReading(server);
            WebhookPost post = new WebhookPost();
            CompletableFuture<Object> posting = CompletableFuture.supplyAsync(() -> {
                try {
                    return post.post(loopback("http", server.getLocalPort()), LARGE, List.of(), Duration.ofMinutes(5));
                } catch (IOException e) {
                    return e;
                }
            });
            Thread.sleep(300);
            post.close();
            assertTrue(posting.get(5, TimeUnit.SECONDS) instanceof IOException);
        }
    }

    @Test
    void aTlsWebhookThatNeverReadsCannotHoldTheSenderPastTheDeadline() throws Exception {
        Path keystore = certificate("dns:hooks.example.com");
        try (SSLServerSocket server = (SSLServerSocket) context(keystore, true).getServerSocketFactory()
                .createServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            holdWithoutReading(server);
            try (WebhookPost post = new WebhookPost(context(keystore, false).getSocketFactory())) {
                timesOut(post, loopback("https", server.getLocalPort()), LARGE);
            }
        }
    }

    @Test
    void aWebhookThatReadsButNeverAnswersTimesOut() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread reader = new Thread(() -> {
                try (Socket socket = server.accept()) {
                    socket.getInputStream().transferTo(OutputStream.nullOutputStream());
                } catch (IOException closed) {
                    // the test is over
                }
            });
            reader.setDaemon(true);
            reader.start();
            try (WebhookPost post = new WebhookPost()) {
                timesOut(post, loopback("http", server.getLocalPort()), "{}".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** A listener whose accept queue is full drops further connection attempts: connecting never ends by itself. */
    @Test
    void aWebhookThatNeverAcceptsTimesOutConnecting() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> queued = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    Socket socket = new Socket();
                    queued.add(socket);
                    socket.connect(server.getLocalSocketAddress(), 200);
                }
            } catch (SocketTimeoutException full) {
                // the queue is full: the next connection attempt waits, as the post's will
            }
            try (WebhookPost post = new WebhookPost()) {
                timesOut(post, loopback("http", server.getLocalPort()), new byte[0]);
            } finally {
                for (Socket socket : queued) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void headerValuesWithLineBreaksNeverReachTheWire() {
        WebhookTarget target = new WebhookTarget(URI.create("http://hooks.example.com/"), "hooks.example.com", 80,
                List.of(InetAddress.getLoopbackAddress()), false);
        assertThrows(IllegalArgumentException.class, () -> WebhookPost.head(target, 0,
                List.of(Map.entry("X-A2A-Notification-Token", "a\r\nX-Injected: 1"))));
        String head = WebhookPost.head(target, 0, List.of());
        assertTrue(head.startsWith("POST / HTTP/1.1\r\nHost: hooks.example.com\r\n"), head);
    }
}
