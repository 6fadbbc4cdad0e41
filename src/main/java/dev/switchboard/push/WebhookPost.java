package dev.switchboard.push;

import dev.switchboard.config.Cidr;
import dev.switchboard.runtime.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One HTTP/1.1 POST to a webhook, on a connection opened to the address the guard checked (never
 * to a second DNS answer). For https the TLS handshake names the URL's host (SNI) and the
 * certificate must match it, exactly as for a connection made by name. Only the status line of
 * the answer is read; redirects are answers like any other, never followed. The whole exchange
 * (connect, TLS handshake, writing the request, reading the status line) has one deadline: reads
 * and connects are bounded by socket timeouts, and at the deadline the connection is closed, which
 * is the only way to end a write into a webhook that accepted the connection and stopped reading.
 */
public final class WebhookPost implements AutoCloseable {
    private static final int MAX_STATUS_LINE = 8192;

    private final Supplier<SSLSocketFactory> tls;
    /** Closes the connections whose time is up; its one thread ends when no post is under way. */
    private final ScheduledThreadPoolExecutor alarms;
    private final Set<Deadline> underWay = ConcurrentHashMap.newKeySet();

    public WebhookPost(SSLSocketFactory tls) {
        this(() -> tls);
    }

    /** With the JVM's default TLS context, made on the first https post rather than at start-up. */
    public WebhookPost() {
        this(DefaultTls::factory);
    }

    private WebhookPost(Supplier<SSLSocketFactory> tls) {
        this.tls = tls;
        this.alarms = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("switchboard-push-deadline"));
        alarms.setRemoveOnCancelPolicy(true);
        alarms.setKeepAliveTime(30, TimeUnit.SECONDS);
        alarms.allowCoreThreadTimeOut(true);
    }

    /**
     * @param headers header names and values; values were checked to hold no line breaks
     * @return the HTTP status code of the answer
     */
    public int post(WebhookTarget target, byte[] body, List<Map.Entry<String, String>> headers, Duration timeout)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Deadline alarm = new Deadline(alarms, timeout, underWay)) {
            try (Socket plain = connect(target, deadline, alarm)) {
                plain.setSoTimeout(millisLeft(deadline));
                Socket socket = target.https() ? handshake(plain, target) : plain;
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(head(target, body.length, headers).getBytes(StandardCharsets.ISO_8859_1));
                    out.write(body);
                    out.flush();
                    return status(socket, deadline);
                } finally {
                    if (socket != plain) {
                        socket.close();
                    }
                }
            } catch (IOException e) {
                if (alarm.rang()) {
                    throw new SocketTimeoutException("the webhook did not take the notification in time");
                }
                throw e;
            }
        }
    }

    /** Stops the deadline thread and cuts off the posts under way, which would otherwise outlive it. */
    @Override
    public void close() {
        alarms.shutdownNow();
        underWay.forEach(Deadline::ring);
    }

    /** A connection to the first checked address that accepts one. */
    private static Socket connect(WebhookTarget target, long deadline, Deadline alarm) throws IOException {
        IOException last = null;
        for (InetAddress address : target.addresses()) {
            Socket socket = alarm.watch(new Socket());
            try {
                socket.connect(new InetSocketAddress(address, target.port()), millisLeft(deadline));
                return socket;
            } catch (SocketTimeoutException e) {
                socket.close();
                throw e;
            } catch (IOException e) {
                socket.close();
                last = e;
            }
        }
        throw last;
    }

    private Socket handshake(Socket plain, WebhookTarget target) throws IOException {
        String bare = bare(target.host());
        SSLSocket socket = (SSLSocket) tls.get().createSocket(plain, bare, target.port(), true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        if (!Cidr.isLiteral(bare)) {
            parameters.setServerNames(List.of(new SNIHostName(bare)));
        }
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        return socket;
    }

    static String head(WebhookTarget target, int length, List<Map.Entry<String, String>> headers) {
        String path = target.url().getRawPath() == null || target.url().getRawPath().isEmpty()
                ? "/" : target.url().getRawPath();
        if (target.url().getRawQuery() != null) {
            path += "?" + target.url().getRawQuery();
        }
        boolean defaultPort = target.port() == (target.https() ? 443 : 80);
        StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(target.host()).append(defaultPort ? "" : ":" + target.port()).append("\r\n")
                .append("Content-Length: ").append(length).append("\r\n")
                .append("Connection: close\r\n")
                .append("User-Agent: Switchboard\r\n");
        for (Map.Entry<String, String> header : headers) {
            String value = header.getValue();
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("header " + header.getKey() + " holds a line break");
            }
            head.append(header.getKey()).append(": ").append(value).append("\r\n");
        }
        return head.append("\r\n").toString();
    }

    /** Reads the status line ({@code HTTP/1.1 200 OK}) within the deadline. */
    private static int status(Socket socket, long deadline) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (line.size() < MAX_STATUS_LINE) {
            socket.setSoTimeout(millisLeft(deadline));
            int next = in.read();
            if (next < 0 || next == '\n') {
                break;
            }
            line.write(next);
        }
        String text = line.toString(StandardCharsets.ISO_8859_1).trim();
        String[] parts = text.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("the webhook did not answer HTTP/1.x");
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("the webhook answered no status code");
        }
    }

    private static int millisLeft(long deadline) throws SocketTimeoutException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("the webhook did not answer in time");
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    private static String bare(String host) {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** Closes the sockets it watches once the exchange's time is up, unless closed first. */
    private static final class Deadline implements AutoCloseable {
        private final List<Socket> sockets = new ArrayList<>();
        private final Set<Deadline> underWay;
        private final ScheduledFuture<?> alarm;
        private boolean rang;

        Deadline(ScheduledExecutorService alarms, Duration timeout, Set<Deadline> underWay) throws IOException {
            this.underWay = underWay;
            underWay.add(this); // before the alarm: a post that gets one is seen by close()
            try {
                alarm = alarms.schedule(this::ring, timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException closed) {
                underWay.remove(this);
                throw new IOException("webhook posts are shut down");
            }
        }

        synchronized Socket watch(Socket socket) throws IOException {
            if (rang) {
                socket.close();
            }
            sockets.add(socket);
            return socket;
        }

        synchronized boolean rang() {
            return rang;
        }

        synchronized void ring() {
            rang = true;
            for (Socket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closing is all that is wanted; a socket that fails to close is closed enough
                }
            }
        }

        @Override
        public void close() {
            alarm.cancel(false);
            underWay.remove(this);
        }
    }

    /** Holder idiom: the default context is built when {@link #factory} is first called. */
    private static final class DefaultTls {
        private static final SSLSocketFactory FACTORY = (SSLSocketFactory) SSLSocketFactory.getDefault();

        static SSLSocketFactory factory() {
            return FACTORY;
        }
    }
}
