package dev.switchboard.web.filter;

import dev.switchboard.web.binding.GrpcRefusals;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;

/**
 * An HTTP/2 response that, as a refusal begins, first reads and drops what is left of the request's
 * body, within a bound: an error status (a 401, 404, 405, 415, 429, a 400 on a body read halfway),
 * or a gRPC refusal's trailers.
 *
 * <p>Why: a refusal answered while the client is still sending ends the stream with the body unread,
 * and Tomcat then resets the stream with NO_ERROR, as RFC 9113 (8.1) allows. The JDK 17 HTTP client
 * (the official Java SDK's) goes on sending after that reset; Tomcat resets each frame and soon closes
 * the connection for too much overhead, and the client reports "GOAWAY received" instead of the
 * answer it had read. curl 7.88 fails such a transfer too. The body cannot be read after the answer:
 * once Tomcat has ended an HTTP/2 stream's response its request body reads as ended, so the reading
 * happens before the answer's first byte. HTTP/1.1 needs none of this: Tomcat reads an unread body
 * itself (up to its maxSwallowSize) before the connection takes the next request.
 *
 * <p>A gRPC call that went asynchronous is left alone: gRPC's own listener reads its body, and a
 * blocking read would take bytes from under it.
 */
final class ReadBeforeRefusal extends HttpServletResponseWrapper {
    private final HttpServletRequest request;
    private final long bound;
    private volatile boolean read;

    /** @param bound the most bytes read; a longer body is left to the container's reset */
    ReadBeforeRefusal(HttpServletRequest request, HttpServletResponse response, long bound) {
        super(response);
        this.request = request;
        this.bound = bound;
    }

    @Override
    public void setStatus(int status) {
        if (status >= 400) {
            readRest();
        }
        super.setStatus(status);
    }

    @Override
    public void sendError(int status) throws IOException {
        readRest();
        super.sendError(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
        readRest();
        super.sendError(status, message);
    }

    @Override
    public void setTrailerFields(Supplier<Map<String, String>> supplier) {
        readRest();
        super.setTrailerFields(supplier);
    }

    private void readRest() {
        if (!read && !(request.isAsyncStarted() && GrpcRefusals.isGrpc(request))) {
            read = true;
            readUnread(request, bound);
        }
    }

    /**
     * Reads and drops the rest of the request's body, up to {@code bound} bytes; nothing if its
     * declared length is over that, or if it was read as text.
     */
    static void readUnread(HttpServletRequest request, long bound) {
        if (request.getContentLengthLong() > bound) {
            return;
        }
        try {
            ServletInputStream in = request.getInputStream();
            byte[] sink = new byte[8192];
            long left = bound;
            while (left > 0 && !in.isFinished()) {
                int n = in.read(sink, 0, (int) Math.min(sink.length, left));
                if (n < 0) {
                    return;
                }
                left -= n;
            }
        } catch (IllegalStateException readAsTextOrByAListener) {
            // getReader() took the body, or a ReadListener reads it: not ours to read
        } catch (IOException e) {
            // the client went away or sent too slowly: the container ends the stream either way
        }
    }
}
