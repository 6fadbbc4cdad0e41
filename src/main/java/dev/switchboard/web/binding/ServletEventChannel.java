package dev.switchboard.web.binding;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * An event stream written straight to the servlet response of a request suspended for it, and
 * ended by completing its asynchronous context. Jersey's chunked output, which this replaces,
 * could leave a stream whose events and end had been handed over neither sent nor completed
 * after clients dropped many streams at once: its clients waited for ever and the container kept
 * the request.
 *
 * <p>Once the container ends the request itself (the client went away, an I/O error) it recycles
 * the response for another request, so nothing may be written after that: the container's
 * notice waits for a write in progress, and every later write fails as a client gone.
 */
final class ServletEventChannel implements EventChannel {
    private final AsyncContext async;
    private final HttpServletResponse response;
    private ServletOutputStream out;
    private boolean ended;

    /** @param async the context the request was suspended with; its response is written */
    ServletEventChannel(AsyncContext async) {
        this.async = async;
        this.response = (HttpServletResponse) async.getResponse();
        async.addListener(new Ending());
    }

    @Override
    public synchronized void open() {
        if (ended) {
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(HttpNames.EVENT_STREAM);
        response.setHeader(HttpNames.CACHE_CONTROL, "no-cache");
        // proxies that buffer responses (nginx) would hold events back
        response.setHeader("X-Accel-Buffering", "no");
    }

    @Override
    public synchronized void write(byte[] frame) throws IOException {
        if (ended) {
            throw new IOException("the request has ended");
        }
        if (out == null) {
            out = response.getOutputStream();
        }
        out.write(frame);
        out.flush();
    }

    @Override
    public synchronized void close() {
        if (ended) {
            return;
        }
        ended = true;
        try {
            async.complete();
        } catch (IllegalStateException e) {
            // the container is ending it already
        }
    }

    private synchronized void ended() {
        ended = true;
    }

    /** The container's notices about the request: any of them means it is over, or about to be. */
    private final class Ending implements AsyncListener {
        @Override
        public void onComplete(AsyncEvent event) {
            ended();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            ended();
        }

        @Override
        public void onError(AsyncEvent event) {
            ended();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // a stream's request is started once
        }
    }
}
