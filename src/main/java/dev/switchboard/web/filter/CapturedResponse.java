package dev.switchboard.web.filter;

import java.io.IOException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Holds back a response body, and the validators the inner servlet sets, so that
 * {@link ConditionalGetFilter} can decide between 200 and 304 once the body is known. Other headers
 * and the status go through to the real response. An error sent by the inner servlet goes through
 * untouched, so the container's error page still runs.
 */
final class CapturedResponse extends HttpServletResponseWrapper {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream(4096);
    private ServletOutputStream stream;
    private PrintWriter writer;
    private String etag;
    private long lastModified = -1;
    private boolean errorSent;

    CapturedResponse(HttpServletResponse response) {
        super(response);
    }

    byte[] body() {
        if (writer != null) {
            writer.flush();
        }
        return body.toByteArray();
    }

    /** The tag the inner servlet set, or null. */
    String etag() {
        return etag;
    }

    /** The inner servlet's Last-Modified in epoch millis, or -1. */
    long lastModified() {
        return lastModified;
    }

    boolean errorSent() {
        return errorSent;
    }

    @Override
    public ServletOutputStream getOutputStream() {
        if (writer != null) {
            throw new IllegalStateException("getWriter() was already called");
        }
        if (stream == null) {
            stream = new ServletOutputStream() {
                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public void write(byte[] bytes, int offset, int length) {
                    body.write(bytes, offset, length);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new UnsupportedOperationException("asynchronous writes are not captured");
                }
            };
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (stream != null) {
            throw new IllegalStateException("getOutputStream() was already called");
        }
        if (writer == null) {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            writer = new PrintWriter(new OutputStreamWriter(body, charset));
        }
        return writer;
    }

    @Override
    public void flushBuffer() {
        // held back until the filter has decided; committing now would fix the status at 200
    }

    @Override
    public boolean isCommitted() {
        return errorSent || super.isCommitted();
    }

    @Override
    public void resetBuffer() {
        body.reset();
        super.resetBuffer();
    }

    @Override
    public void reset() {
        body.reset();
        etag = null;
        lastModified = -1;
        super.reset();
    }

    @Override
    public void sendError(int status) throws IOException {
        errorSent = true;
        super.sendError(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
        errorSent = true;
        super.sendError(status, message);
    }

    @Override
    public void setContentLength(int length) {
        // the filter sets the length of what it actually sends
    }

    @Override
    public void setContentLengthLong(long length) {
        // the filter sets the length of what it actually sends
    }

    @Override
    public void setHeader(String name, String value) {
        if (!capture(name, value)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (!capture(name, value)) {
            super.addHeader(name, value);
        }
    }

    @Override
    public void setDateHeader(String name, long date) {
        if ("Last-Modified".equalsIgnoreCase(name)) {
            lastModified = date;
        } else {
            super.setDateHeader(name, date);
        }
    }

    @Override
    public void addDateHeader(String name, long date) {
        setDateHeader(name, date);
    }

    private boolean capture(String name, String value) {
        if ("ETag".equalsIgnoreCase(name)) {
            etag = value;
            return true;
        }
        if ("Last-Modified".equalsIgnoreCase(name)) {
            lastModified = parseDate(value);
            return true;
        }
        // byte ranges are not offered: the filter always answers with the whole representation
        return "Content-Length".equalsIgnoreCase(name) || "Accept-Ranges".equalsIgnoreCase(name);
    }

    private static long parseDate(String value) {
        try {
            return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .withZoneSameInstant(ZoneOffset.UTC).toInstant().toEpochMilli();
        } catch (DateTimeParseException | NullPointerException e) {
            return -1;
        }
    }
}
