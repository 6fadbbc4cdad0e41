package dev.switchboard.web.filter;

import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.GrpcRefusals;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Bounds request bodies. A declared length over the limit is refused with 413 before a byte is read;
 * a body without a declared length is counted as it is read and fails with
 * {@link RequestBodyTooLargeException} when it passes the limit, which the bindings answer with 413
 * too. Over HTTP/2, a refusal reads the rest of a body first (see {@link ReadBeforeRefusal}).
 */
public final class RequestBodyLimitFilter extends HttpFilter {
    private final long limit;

    /** @param limit the most bytes a request body may have */
    public RequestBodyLimitFilter(long limit) {
        this.limit = limit;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long declared = request.getContentLengthLong();
        boolean http1 = request.getProtocol() != null && request.getProtocol().startsWith("HTTP/1");
        if (declared > limit) {
            if (http1) {
                response.setHeader("Connection", "close");
            } else {
                // HTTP/2 has no Connection header (a client must reject a response with one). A
                // client still sending the refused body waits for flow-control credit the server
                // gives only as it reads (the JDK's client then never reads the 413), so a body of
                // reasonable size is read and dropped first
                ReadBeforeRefusal.readUnread(request, drainable());
            }
            if (GrpcRefusals.isGrpc(request)) {
                GrpcRefusals.send(response, 413, tooLargeMessage(limit), "REQUEST_TOO_LARGE", ErrorBody.DOMAIN);
            } else {
                HttpErrors.send(response, 413, HttpErrors.failure(request.getMethod(), Endpoints.path(request), 413,
                        tooLargeMessage(limit)));
            }
            return;
        }
        HttpServletResponse answer = http1 ? response : new ReadBeforeRefusal(request, response, limit);
        // gRPC bounds each message itself (the services' largest inbound message is this limit)
        // and reads its body asynchronously, which a counting stream would not pass on
        if (GrpcRefusals.isGrpc(request)) {
            chain.doFilter(request, answer);
            return;
        }
        // no declared length: chunked over HTTP/1.1, or any body over HTTP/2, which has no
        // Transfer-Encoding at all; counted as it is read either way
        chain.doFilter(declared < 0 ? new LimitedRequest(request, limit) : request, answer);
    }

    /** The largest refused body read to its end over HTTP/2 before the 413: four limits, at most 64 MB. */
    private long drainable() {
        return Math.min(limit * 4, 64L * 1024 * 1024);
    }

    static String tooLargeMessage(long limit) {
        return "Request body too large: the limit is " + limit + " bytes";
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {
        private final long limit;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedInputStream(super.getInputStream(), limit);
            }
            return stream;
        }
    }

    private static final class LimitedInputStream extends ServletInputStream {
        private final ServletInputStream in;
        private final long limit;
        private long count;

        LimitedInputStream(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws RequestBodyTooLargeException {
            count += n;
            if (count > limit) {
                throw new RequestBodyTooLargeException(tooLargeMessage(limit));
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
